import type { ChatState } from '@junkan/shared/api/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The discharger's chat: its latest messages and read mark. The widget keeps what arrives later itself. */
export const CHAT_KEY = ['chat'] as const;

/** GET /chat. */
export const getChat = () => api.get<ChatState>('/chat');

export const chatQueryOptions = () => queryOptions({ queryKey: CHAT_KEY, queryFn: getChat });

export const useChat = (enabled = true) => useQuery({ ...chatQueryOptions(), enabled });
