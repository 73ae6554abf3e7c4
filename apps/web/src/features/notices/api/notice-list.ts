import type { NoticeListQuery, NoticePage } from '@junkan/shared/api/notices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every reader's notice query sits under this key: opening a notice refreshes the list, home and the marks. */
export const NOTICES_KEY = ['notices'] as const;

/** GET /notices: the notices published today for the caller's side, newest first, with this user's unread marks. */
export const getNotices = (query: NoticeListQuery) => api.get<NoticePage>('/notices', { ...query });

export const noticesQueryOptions = (query: NoticeListQuery) =>
  queryOptions({
    queryKey: [...NOTICES_KEY, query],
    queryFn: () => getNotices(query),
    placeholderData: keepPreviousData,
  });

export const useNotices = (query: NoticeListQuery, enabled = true) =>
  useQuery({ ...noticesQueryOptions(query), enabled });
