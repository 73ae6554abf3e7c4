import type { ChatMessage } from '@junkan/shared/api/chat';

/** A message this browser is sending: kept with its client id until the server has it, retried with the same id. */
export interface PendingMessage {
  clientId: string;
  body: string;
  state: 'sending' | 'failed';
}

/**
 * A client id for a new message: 128 random bits as hex. crypto.getRandomValues works without a secure context
 * (crypto.randomUUID does not), as on an office network served over plain HTTP.
 */
export function newClientId(
  fill: (bytes: Uint8Array<ArrayBuffer>) => void = (b) => crypto.getRandomValues(b),
): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  return `c${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The pending messages the server has not shown back yet (the stream may deliver one before its send answers). */
export function stillPending(
  pending: readonly PendingMessage[],
  held: readonly ChatMessage[],
): PendingMessage[] {
  const delivered = new Set(held.map((m) => m.clientId));
  return pending.filter((p) => !delivered.has(p.clientId));
}

export const withState = (
  pending: readonly PendingMessage[],
  clientId: string,
  state: PendingMessage['state'],
): PendingMessage[] => pending.map((p) => (p.clientId === clientId ? { ...p, state } : p));
