import { createHmac } from 'node:crypto';
import { z } from 'zod';

export const PAYMENT_STATUSES = [
  'requires_action',
  'authorized',
  'captured',
  'declined',
  'refunded',
  'cancelled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const DECLINE_CODES = [
  'insufficient_funds',
  'expired_card',
  'card_declined',
  'processing_error',
  'three_d_secure_failed',
] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/** Error codes of the API's `{ code, message }` answers. */
export const ERROR_CODES = {
  UNAUTHORIZED: 'unauthorized',
  INVALID: 'invalid_request',
  TOKEN_INVALID: 'token_invalid',
  IDEMPOTENCY_KEY_MISSING: 'idempotency_key_missing',
  IDEMPOTENCY_KEY_REUSED: 'idempotency_key_reused',
  NOT_FOUND: 'payment_not_found',
  STATE: 'payment_state_invalid',
  REFUND_AMOUNT: 'refund_amount_invalid',
  UNAVAILABLE: 'service_unavailable',
  NO_ROUTE: 'no_route',
} as const;

export const WEBHOOK_EVENT_TYPES = [
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'payment.refunded',
  'payment.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a test card number does at authorisation. */
export type CardBehaviour =
  | { kind: 'success' }
  | { kind: 'three_d_secure' }
  | { kind: 'decline'; code: DeclineCode };

/** The provider's documented test numbers; any other Luhn-valid number succeeds without 3-D Secure. */
export const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': { kind: 'success' },
  '4000000000003220': { kind: 'three_d_secure' },
  '4000000000009995': { kind: 'decline', code: 'insufficient_funds' },
  '4000000000000069': { kind: 'decline', code: 'expired_card' },
  '4000000000000002': { kind: 'decline', code: 'card_declined' },
  '4000000000000119': { kind: 'decline', code: 'processing_error' },
};

export const THREE_D_SECURE_PASSWORD = 'password';
export const MIN_AMOUNT = 50;
export const MAX_AMOUNT = 99_999_999;
export const TOKEN_LIFETIME_MS = 15 * 60 * 1000;

export function behaviourOf(cardNumber: string): CardBehaviour {
  return Object.hasOwn(TEST_CARDS, cardNumber) ? TEST_CARDS[cardNumber]! : { kind: 'success' };
}

/** The Luhn check digit test of a card number (digits only). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  return 'unknown';
}

/** The payment object of the API. Instants are ISO strings. */
export interface PaymentView {
  id: string;
  object: 'payment';
  status: PaymentStatus;
  amount: number;
  currency: 'jpy';
  order_id: string;
  created: string;
  captured_at: string | null;
  refunded_amount: number;
  decline_code: DeclineCode | null;
  /** Absolute URL of the 3-D Secure challenge page while `requires_action`. */
  action_url: string | null;
  return_url: string;
  card: { brand: string; last4: string };
}

export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  created: string;
  data: { payment: PaymentView };
}

/** One attempt to deliver an event (or the decision not to). */
export interface WebhookDelivery {
  eventId: string;
  type: WebhookEventType;
  attempt: number;
  at: string;
  url: string | null;
  /** delivered: 2xx; failed: non-2xx or network error (retried while attempts remain); lost: dropped by the fault; no_url: nowhere to send. */
  outcome: 'delivered' | 'failed' | 'lost' | 'no_url';
  httpStatus: number | null;
  error: string | null;
}

const MAX_TEXT = 200;

/** True when `s` holds a control character (C0 or DEL) or a lone surrogate: text no field accepts. */
export function isUnsafeText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** A string without control characters or lone surrogates, as the simulator accepts in any field. */
export const textSchema = z
  .string()
  .min(1)
  .max(MAX_TEXT)
  .refine((s) => !isUnsafeText(s), 'invalid characters');

export const httpUrlSchema = z
  .string()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !isUnsafeText(s);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

export const createPaymentSchema = z.strictObject({
  token: textSchema,
  amount: z.number().int().min(MIN_AMOUNT).max(MAX_AMOUNT),
  currency: z.literal('jpy'),
  order_id: textSchema,
  return_url: httpUrlSchema,
  capture: z.boolean().default(false),
});
export type CreatePaymentRequest = z.input<typeof createPaymentSchema>;

export const refundSchema = z.strictObject({
  amount: z.number().int().min(1).max(MAX_AMOUNT).optional(),
});

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`: the `Junkan-Card-Signature` header. */
export function signWebhook(secret: string, rawBody: string | Buffer, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.`).update(rawBody).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export const SIGNATURE_HEADER = 'Junkan-Card-Signature';
