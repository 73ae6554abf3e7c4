import type { ChatInbox } from '@junkan/shared/api/chat';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Support's side: the inbox and each conversation sit under this key; the stream refreshes them. */
export const SUPPORT_CHAT_KEY = ['support-chat'] as const;

/** GET /admin/chat/conversations: waiting conversations first. */
export const getInbox = (query: { page: number; size: number }) =>
  api.get<ChatInbox>('/admin/chat/conversations', query);

export const inboxQueryOptions = (query: { page: number; size: number }) =>
  queryOptions({
    queryKey: [...SUPPORT_CHAT_KEY, 'inbox', query],
    queryFn: () => getInbox(query),
    placeholderData: keepPreviousData,
  });

export const useInbox = (query: { page: number; size: number }) => useQuery(inboxQueryOptions(query));
