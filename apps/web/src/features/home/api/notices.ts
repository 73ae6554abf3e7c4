import type { noticeListSchema, updateInfoListSchema } from '@junkan/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type Notice = z.infer<typeof noticeListSchema>[number];
export type UpdateInfo = z.infer<typeof updateInfoListSchema>[number];

export const noticesQueryOptions = () =>
  queryOptions({ queryKey: ['notices'], queryFn: () => api.get<Notice[]>('/notices') });

export const updateInfosQueryOptions = () =>
  queryOptions({ queryKey: ['update-infos'], queryFn: () => api.get<UpdateInfo[]>('/update-infos') });
