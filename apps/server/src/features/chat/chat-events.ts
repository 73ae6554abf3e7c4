import type { ChatSide } from '@junkan/shared/rules/chat-rules';
import type { FastifyInstance } from 'fastify';

/** The event channel of the chat: every server process hears it (LISTEN/NOTIFY), whichever stored the change. */
export const CHAT_CHANNEL = 'chat';

/** A change to a conversation: ids only, the streams read the rows themselves (NOTIFY payloads stay small). */
export type ChatEvent =
  | { kind: 'message'; conversationId: number; companyId: number; messageId: number }
  | { kind: 'read'; conversationId: number; companyId: number; side: ChatSide; upTo: number };

export function isChatEvent(value: unknown): value is ChatEvent {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  const ids = typeof e.conversationId === 'number' && typeof e.companyId === 'number';
  if (e.kind === 'message') return ids && typeof e.messageId === 'number';
  if (e.kind === 'read')
    return ids && (e.side === 'COMPANY' || e.side === 'SUPPORT') && typeof e.upTo === 'number';
  return false;
}

/**
 * Announces a change after its transaction committed. A failure is logged, not thrown: the change is stored,
 * and clients catch up from the server when they next connect.
 */
export async function announceChatEvent(app: FastifyInstance, event: ChatEvent): Promise<void> {
  try {
    await app.events.publish(CHAT_CHANNEL, event);
  } catch (err) {
    app.log.warn({ err, event }, 'chat event not announced');
  }
}
