import type { ChatMessage, ChatSendInput, ChatThread } from '@junkan/shared/api/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SUPPORT_CHAT_KEY } from './admin-inbox';

/** GET /admin/chat/conversations/{id}: the conversation and its latest messages. */
export const getThread = (id: number) => api.get<ChatThread>(`/admin/chat/conversations/${id}`);

export const threadQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...SUPPORT_CHAT_KEY, 'thread', id], queryFn: () => getThread(id) });

export const useThread = (id: number | null) =>
  useQuery({ ...threadQueryOptions(id ?? 0), enabled: id !== null });

/** POST /admin/chat/conversations/{id}/messages: idempotent by the client id, like the company's. */
export const sendSupportMessage = (id: number, body: ChatSendInput) =>
  api.post<ChatMessage>(`/admin/chat/conversations/${id}/messages`, body);

/** POST /admin/chat/conversations/{id}/read. */
export const markSupportRead = (id: number, upTo: number) =>
  api.post(`/admin/chat/conversations/${id}/read`, { upTo });
