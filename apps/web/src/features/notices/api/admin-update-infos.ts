import type { PageQuery } from '@junkan/shared/api/common';
import type { AdminUpdateInfoPage } from '@junkan/shared/api/notices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UPDATE_INFOS_KEY } from './update-infos';

/** GET /admin/update-infos: every entry, those dated later included. */
export const getAdminUpdateInfos = (query: PageQuery) =>
  api.get<AdminUpdateInfoPage>('/admin/update-infos', { ...query });

export const adminUpdateInfosQueryOptions = (query: PageQuery) =>
  queryOptions({
    queryKey: [...UPDATE_INFOS_KEY, 'admin', query],
    queryFn: () => getAdminUpdateInfos(query),
    placeholderData: keepPreviousData,
  });

export const useAdminUpdateInfos = (query: PageQuery) => useQuery(adminUpdateInfosQueryOptions(query));
