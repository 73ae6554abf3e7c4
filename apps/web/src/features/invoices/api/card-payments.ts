import type { CardPaymentAttempt, CardPaymentResult } from '@junkan/shared/api/card-payments';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type KeptStorage,
  keepInput,
  keptInputKey,
  readKeptInput,
} from '../../../components/form/kept-input';
import { api } from '../../../lib/api-client';
import { randomUuid } from '../../../lib/random-uuid';
import { INVOICES_KEY } from './keys';

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

/**
 * One attempt key per token, kept for the tab through the kept-input kit (sessionStorage, guarded) under the
 * signed-in user's key, so that the end of the session wipes it with the rest of the user's kept input: sending
 * the same token again (a reload, the way back from 3-D Secure, the same user signed in) answers the same attempt.
 * Where storage is blocked the key still comes, kept on the page only.
 */
export function attemptKeyFor(
  userId: number | null | undefined,
  token: string,
  storage?: KeptStorage | null,
) {
  const name = keptInputKey(userId, 'cardAttempt', token);
  const kept = readKeptInput<string>(name, storage);
  if (kept) return kept;
  const key = randomUuid();
  keepInput(name, key, storage);
  return key;
}

export const cardFormUrl = async (invoiceId: number, lang: 'ja' | 'en') =>
  (await api.post<{ formUrl: string }>(`/invoices/${invoiceId}/card-payments/form`, { lang })).formUrl;

export const startCardPayment = (
  invoiceId: number,
  token: string,
  lang: 'ja' | 'en',
  userId: number | null | undefined,
) =>
  api.post<CardPaymentResult>(`/invoices/${invoiceId}/card-payments`, {
    token,
    attemptKey: attemptKeyFor(userId, token),
    lang,
  });

export const confirmCardPayment = (invoiceId: number, paymentId: string) =>
  api.post<CardPaymentResult>(`/invoices/${invoiceId}/card-payments/confirm`, { paymentId });

/** POST .../card-payments/{attemptId}/resume: back to an attempt left open (the same 3-D Secure page). */
export const resumeCardPayment = (invoiceId: number, attemptId: number) =>
  api.post<CardPaymentResult>(`/invoices/${invoiceId}/card-payments/${attemptId}/resume`);

/** POST .../card-payments/{attemptId}/cancel: cancels a 3-D Secure challenge left open, so a new attempt can start. */
export const cancelCardPayment = (invoiceId: number, attemptId: number) =>
  api.post<CardPaymentResult>(`/invoices/${invoiceId}/card-payments/${attemptId}/cancel`);

/** GET /invoices/{id}/card-payments: the invoice's attempts, newest first (under INVOICES_KEY, refreshed with it). */
export const cardPaymentsQueryOptions = (invoiceId: number) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'card-payments', invoiceId],
    queryFn: () => api.get<CardPaymentAttempt[]>(`/invoices/${invoiceId}/card-payments`),
  });

export const useCardPayments = (invoiceId: number, enabled: boolean) =>
  useQuery({ ...cardPaymentsQueryOptions(invoiceId), enabled });

/** The attempt the discharger left open (3-D Secure unanswered, or the provider's answer lost), if any. */
export const openCardPaymentOf = (attempts: readonly CardPaymentAttempt[] | undefined) =>
  attempts?.find((a) => a.actions.length > 0) ?? null;

/** Puts a call's attempt into the cached list at once, so the screen never shows it in its old state. */
export function keepCardPaymentAttempt(
  queryClient: QueryClient,
  invoiceId: number,
  attempt: CardPaymentAttempt,
) {
  queryClient.setQueryData(cardPaymentsQueryOptions(invoiceId).queryKey, (old) =>
    old?.some((a) => a.id === attempt.id)
      ? old.map((a) => (a.id === attempt.id ? attempt : a))
      : [attempt, ...(old ?? [])],
  );
}
