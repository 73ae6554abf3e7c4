import type { ChatMessage, ChatSendInput } from '@junkan/shared/api/chat';
import { api } from '../../../lib/api-client';

/**
 * POST /chat/messages. Sending the same client id again (a retry after a timeout or a lost answer) answers the
 * message already stored, so the widget retries with the id it made for the message.
 */
export const sendChatMessage = (body: ChatSendInput) => api.post<ChatMessage>('/chat/messages', body);

/** POST /chat/read: the company has read support's messages up to the id. */
export const markChatRead = (upTo: number) => api.post('/chat/read', { upTo });
