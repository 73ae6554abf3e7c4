import { describe, expect, it } from 'vitest';
import { attemptKeyFor, cardReturnOf, clearCardReturn } from './card-payments';

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
    };
    const first = attemptKeyFor('tok_a', storage);
    expect(attemptKeyFor('tok_a', storage)).toBe(first);
    expect(attemptKeyFor('tok_b', storage)).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
  });
});
