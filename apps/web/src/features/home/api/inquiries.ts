import type { inquiryListSchema } from '@junkan/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type InquiryListItem = z.infer<typeof inquiryListSchema>[number];

export const inquiriesQueryOptions = () =>
  queryOptions({ queryKey: ['inquiries'], queryFn: () => api.get<InquiryListItem[]>('/inquiries') });
