import type { CardPaymentResult } from '@junkan/shared';
import { api } from '../../../lib/api-client';

/** What the card provider's return to the invoice page carries in its address. */
export type CardReturn =
  | { kind: 'token'; token: string }
  | { kind: 'payment'; paymentId: string }
  | { kind: 'cancelled' };

const RETURN_PARAMS = ['card_token', 'payment_id', 'card_cancelled'] as const;

export function cardReturnOf(params: URLSearchParams): CardReturn | null {
  const token = params.get('card_token');
  if (token) return { kind: 'token', token };
  const paymentId = params.get('payment_id');
  if (paymentId) return { kind: 'payment', paymentId };
  if (params.get('card_cancelled')) return { kind: 'cancelled' };
  return null;
}

/** The address without the provider's values (a reload then does nothing more). */
export function clearCardReturn(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of RETURN_PARAMS) next.delete(name);
  return next;
}

/** One attempt key per token, kept for the tab: sending the same token again answers the same attempt. */
export function attemptKeyFor(token: string, storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage) {
  const name = `junkan.cardAttempt.${token}`;
  const kept = storage.getItem(name);
  if (kept) return kept;
  const key = crypto.randomUUID();
  storage.setItem(name, key);
  return key;
}

export const cardFormUrl = async (invoiceId: number, lang: 'ja' | 'en') =>
  (await api.post<{ formUrl: string }>(`/invoices/${invoiceId}/card-payments/form`, { lang })).formUrl;

export const startCardPayment = (invoiceId: number, token: string, lang: 'ja' | 'en') =>
  api.post<CardPaymentResult>(`/invoices/${invoiceId}/card-payments`, {
    token,
    attemptKey: attemptKeyFor(token),
    lang,
  });

export const confirmCardPayment = (invoiceId: number, paymentId: string) =>
  api.post<CardPaymentResult>(`/invoices/${invoiceId}/card-payments/confirm`, { paymentId });
