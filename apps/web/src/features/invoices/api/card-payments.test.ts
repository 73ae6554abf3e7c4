import type { CardPaymentAttempt } from '@junkan/shared/api/card-payments';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keptInputKey, wipeKeptInput } from '../../../components/form/kept-input';
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

  const mapStorage = (store: Map<string, string>) => ({
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    key: (i: number) => [...store.keys()][i] ?? null,
    get length() {
      return store.size;
    },
  });

  it('keeps one attempt key per token, so sending the token again is the same attempt', () => {
    const storage = mapStorage(new Map());
    const first = attemptKeyFor(12, 'tok_a', storage);
    expect(attemptKeyFor(12, 'tok_a', storage)).toBe(first);
    expect(attemptKeyFor(12, 'tok_b', storage)).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps it as the user’s kept input, wiped with the rest of it when the session ends', () => {
    const store = new Map<string, string>();
    const storage = mapStorage(store);
    const first = attemptKeyFor(12, 'tok_a', storage);
    expect([...store.keys()]).toEqual([keptInputKey(12, 'cardAttempt', 'tok_a')]);
    // Another user signed in next in the tab never answers with this user's attempt.
    expect(attemptKeyFor(13, 'tok_a', storage)).not.toBe(first);
    wipeKeptInput([13], storage);
    expect(attemptKeyFor(12, 'tok_a', storage)).toBe(first);
    wipeKeptInput([12], storage);
    expect(store.size).toBe(0);
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
    expect(attemptKeyFor(12, 'tok_c', refusing)).toMatch(/^[0-9a-f-]{36}$/);
    expect(attemptKeyFor(12, 'tok_c', null)).toMatch(/^[0-9a-f-]{36}$/);
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
