import type { AdminNoticeListQuery, AdminNoticePage } from '@junkan/shared/api/notices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTICES_KEY } from './notice-list';

/** GET /admin/notices: every notice with its status today. */
export const getAdminNotices = (query: AdminNoticeListQuery) =>
  api.get<AdminNoticePage>('/admin/notices', { ...query });

export const adminNoticesQueryOptions = (query: AdminNoticeListQuery) =>
  queryOptions({
    // Under the readers' key: a write refreshes what readers see in this tab too.
    queryKey: [...NOTICES_KEY, 'admin', query],
    queryFn: () => getAdminNotices(query),
    placeholderData: keepPreviousData,
  });

export const useAdminNotices = (query: AdminNoticeListQuery) => useQuery(adminNoticesQueryOptions(query));
