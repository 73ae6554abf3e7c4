import type { ChatInquiryInput, ChatInquiryResult } from '@junkan/shared/api/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SUPPORT_CHAT_KEY } from './admin-inbox';

/** POST /admin/chat/conversations/{id}/inquiry: the messages since the last inquiry made become one. */
export const turnIntoInquiry = (id: number, body: ChatInquiryInput) =>
  api.post<ChatInquiryResult>(`/admin/chat/conversations/${id}/inquiry`, body);

/** The conversation and its messages read again afterwards: they now carry the inquiry's id. */
export function useTurnIntoInquiry(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatInquiryInput) => turnIntoInquiry(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPORT_CHAT_KEY }),
  });
}
