import type { CardPaymentAttempt } from '@junkan/shared/api/card-payments';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  attemptKeyFor,
  cardPaymentsQueryOptions,
  cardReturnOf,
  clearCardReturn,
  keepCardPaymentAttempt,
  openCardPaymentOf,
} from './card-payments';

describe('the card provider’s return', () => {
  it('reads a token, a payment id or a cancel, and nothing else', () => {
    expect(cardReturnOf(new URLSearchParams('card_token=tok_abc&x=1'))).toEqual({
      kind: 'token',
      token: 'tok_abc',
    });
    expect(cardReturnOf(new URLSearchParams('payment_id=pay_1'))).toEqual({
      kind: 'payment',
      paymentId: 'pay_1',
    });
    expect(cardReturnOf(new URLSearchParams('card_cancelled=1'))).toEqual({ kind: 'cancelled' });
    expect(cardReturnOf(new URLSearchParams('page=2'))).toBeNull();
  });

  it('takes the provider’s values out of the address and keeps the rest', () => {
    const next = clearCardReturn(
      new URLSearchParams('card_token=tok_abc&payment_id=pay_1&card_cancelled=1&tab=a'),
    );
    expect(next.toString()).toBe('tab=a');
  });

  it('keeps one attempt key per token, so sending the token again is the same attempt', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const first = attemptKeyFor('tok_a', storage);
    expect(attemptKeyFor('tok_a', storage)).toBe(first);
    expect(attemptKeyFor('tok_b', storage)).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('still gives a key where the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      removeItem: () => undefined,
    };
    expect(attemptKeyFor('tok_c', refusing)).toMatch(/^[0-9a-f-]{36}$/);
    expect(attemptKeyFor('tok_c', null)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('an attempt left open', () => {
  const attempt = (
    id: number,
    status: CardPaymentAttempt['status'],
    actions: CardPaymentAttempt['actions'],
  ) =>
    ({
      id,
      status,
      amount: 11_000,
      declineCode: null,
      createdAt: '2026-11-25T01:00:00.000Z',
      capturedAt: null,
      actions,
    }) satisfies CardPaymentAttempt;

  it('is the newest attempt the discharger can still act on, or none', () => {
    const open = attempt(2, 'REQUIRES_ACTION', ['RESUME', 'CANCEL']);
    expect(openCardPaymentOf([attempt(3, 'DECLINED', []), open, attempt(1, 'AUTHORIZING', ['RESUME'])])).toBe(
      open,
    );
    expect(openCardPaymentOf([attempt(1, 'CANCELLED', [])])).toBeNull();
    expect(openCardPaymentOf(undefined)).toBeNull();
  });

  it('takes a call’s answer into the cached list at once, so it is never shown open after a cancel', () => {
    const client = new QueryClient();
    const key = cardPaymentsQueryOptions(7).queryKey;
    client.setQueryData(key, [
      attempt(2, 'REQUIRES_ACTION', ['RESUME', 'CANCEL']),
      attempt(1, 'DECLINED', []),
    ]);
    keepCardPaymentAttempt(client, 7, attempt(2, 'CANCELLED', []));
    expect(openCardPaymentOf(client.getQueryData(key))).toBeNull();
    keepCardPaymentAttempt(client, 7, attempt(3, 'REQUIRES_ACTION', ['RESUME', 'CANCEL']));
    expect(client.getQueryData(key)?.map((a) => a.id)).toEqual([3, 2, 1]);
  });
});
