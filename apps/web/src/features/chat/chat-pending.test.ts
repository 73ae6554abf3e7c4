import type { ChatMessage } from '@junkan/shared/api/chat';
import { CHAT_CLIENT_ID_PATTERN } from '@junkan/shared/rules/chat-rules';
import { describe, expect, it } from 'vitest';
import { newClientId, type PendingMessage, stillPending, withState } from './chat-pending';

const message = (id: number, clientId: string): ChatMessage => ({
  id,
  conversationId: 1,
  side: 'COMPANY',
  senderName: '山田 太郎',
  clientId,
  body: 'x',
  inquiryId: null,
  createdAt: '2026-11-25T01:00:00.000Z',
});

describe('newClientId', () => {
  it('makes an id the server takes, different each time', () => {
    const a = newClientId();
    expect(a).toMatch(CHAT_CLIENT_ID_PATTERN);
    expect(newClientId()).not.toBe(a);
    expect(newClientId((b) => void b.fill(255))).toBe(`c${'ff'.repeat(16)}`);
  });
});

describe('pending messages', () => {
  const pending: PendingMessage[] = [
    { clientId: 'c1', body: 'a', state: 'sending' },
    { clientId: 'c2', body: 'b', state: 'failed' },
  ];
  it('drops the ones the server has shown back, whichever way they came', () => {
    expect(stillPending(pending, [message(5, 'c1')])).toEqual([pending[1]]);
    expect(stillPending(pending, [])).toEqual(pending);
  });
  it('marks one as failed or sending again', () => {
    expect(withState(pending, 'c1', 'failed').map((p) => p.state)).toEqual(['failed', 'failed']);
    expect(withState(pending, 'c2', 'sending').map((p) => p.state)).toEqual(['sending', 'sending']);
  });
});
