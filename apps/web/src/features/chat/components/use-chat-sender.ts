import type { ChatMessage, ChatSendInput } from '@junkan/shared/api/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { newClientId, type PendingMessage, stillPending, withState } from '../chat-pending';

/**
 * Sending with retries that cannot double a message: each message gets its client id once, and every retry
 * (the user's, or on coming back online) sends that id again. A refusal with a code (bad input) is not retried
 * by itself; `onRefused` shows it.
 */
export function useChatSender(
  send: (input: ChatSendInput) => Promise<ChatMessage>,
  onSent: (message: ChatMessage) => void,
  onRefused: (error: unknown) => void,
) {
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const latest = useRef({ send, onSent, onRefused });
  latest.current = { send, onSent, onRefused };

  const deliver = useCallback((message: PendingMessage) => {
    setPending((list) => withState(list, message.clientId, 'sending'));
    latest.current.send({ clientId: message.clientId, body: message.body }).then(
      (stored) => {
        setPending((list) => list.filter((p) => p.clientId !== message.clientId));
        latest.current.onSent(stored);
      },
      (error) => {
        setPending((list) => withState(list, message.clientId, 'failed'));
        if (isApiError(error) && error.status >= 400 && error.status < 500) latest.current.onRefused(error);
      },
    );
  }, []);

  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  useEffect(() => {
    const online = () => {
      for (const p of pendingRef.current) if (p.state === 'failed') deliver(p);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [deliver]);

  return {
    pending,
    /** Drops the pending messages the server has already shown back (through the stream). */
    settle: (held: readonly ChatMessage[]) =>
      setPending((list) => {
        const left = stillPending(list, held);
        return left.length === list.length ? list : left;
      }),
    submit: (body: string) => {
      const message: PendingMessage = { clientId: newClientId(), body, state: 'sending' };
      setPending((list) => [...list, message]);
      deliver(message);
    },
    retry: (clientId: string) => {
      const message = pendingRef.current.find((p) => p.clientId === clientId);
      if (message) deliver(message);
    },
  };
}
