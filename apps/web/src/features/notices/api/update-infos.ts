import type { UpdateInfo } from '@junkan/shared/api/notices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Update information, the readers' list and the administrators' pages: a write refreshes both. */
export const UPDATE_INFOS_KEY = ['update-infos'] as const;

/** GET /update-infos: what is shown today, newest first. */
export const getUpdateInfos = () => api.get<UpdateInfo[]>('/update-infos');

export const updateInfosQueryOptions = () =>
  queryOptions({ queryKey: [...UPDATE_INFOS_KEY, 'shown'], queryFn: getUpdateInfos });

export const useUpdateInfos = (enabled = true) => useQuery({ ...updateInfosQueryOptions(), enabled });
