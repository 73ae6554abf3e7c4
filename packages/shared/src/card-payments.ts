import type { MessageCode } from './messages';

/** Why the card provider declined a payment (the adapter maps a real provider's reasons onto these). */
export const CARD_DECLINE_CODES = [
  'insufficient_funds',
  'expired_card',
  'card_declined',
  'processing_error',
  'three_d_secure_failed',
] as const;
export type CardDeclineCode = (typeof CARD_DECLINE_CODES)[number];

/** The message code the screens show for each decline reason. */
export const CARD_DECLINE_MESSAGES: Readonly<Record<CardDeclineCode, MessageCode>> = {
  insufficient_funds: 'card_insufficient_funds',
  expired_card: 'card_expired',
  card_declined: 'card_declined',
  processing_error: 'card_processing_error',
  three_d_secure_failed: 'card_three_d_secure_failed',
};

export function isCardDeclineCode(value: unknown): value is CardDeclineCode {
  return typeof value === 'string' && (CARD_DECLINE_CODES as readonly string[]).includes(value);
}

/** The message code of a decline; a reason the product does not know is the generic `card_declined`. */
export function cardDeclineMessage(code: string | null | undefined): MessageCode {
  return isCardDeclineCode(code) ? CARD_DECLINE_MESSAGES[code] : 'card_declined';
}

/**
 * A card payment attempt as the product keeps it: AUTHORIZING (asked, no answer yet), REQUIRES_ACTION (3-D Secure
 * waiting for the card holder), AUTHORIZED (to be captured), CAPTURED (paid), DECLINED, FAILED (the one-time
 * token ran out before the provider answered, or the provider lost the payment; nothing was charged), REFUNDED (a
 * second capture for an invoice already paid, given back), CANCELLED (a 3-D Secure challenge left unanswered,
 * cancelled at the provider; nothing was charged).
 */
export const CARD_PAYMENT_STATUSES = [
  'AUTHORIZING',
  'REQUIRES_ACTION',
  'AUTHORIZED',
  'CAPTURED',
  'DECLINED',
  'FAILED',
  'REFUNDED',
  'CANCELLED',
] as const;
export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];

/** Attempts still under way: a new one for the same invoice waits until these end (no double charge). */
export const OPEN_CARD_PAYMENT_STATUSES = [
  'AUTHORIZING',
  'REQUIRES_ACTION',
  'AUTHORIZED',
] as const satisfies readonly CardPaymentStatus[];

export function isOpenCardPayment(status: CardPaymentStatus): boolean {
  return (OPEN_CARD_PAYMENT_STATUSES as readonly string[]).includes(status);
}

/**
 * What the discharger may do with an attempt left open (the browser left 3-D Secure, or the provider's answer was
 * lost): RESUME asks the provider again with the attempt's own keys (and goes back to the same challenge while it
 * waits); CANCEL cancels a challenge nobody answered at the provider, so a fresh attempt can start. An authorised
 * or unanswered attempt is never cancelled: the card holder may already have said yes, so it is finished instead.
 */
export const CARD_PAYMENT_ATTEMPT_ACTIONS = ['RESUME', 'CANCEL'] as const;
export type CardPaymentAttemptAction = (typeof CARD_PAYMENT_ATTEMPT_ACTIONS)[number];

export function cardPaymentAttemptActions(status: CardPaymentStatus): CardPaymentAttemptAction[] {
  if (status === 'REQUIRES_ACTION') return ['RESUME', 'CANCEL'];
  return isOpenCardPayment(status) ? ['RESUME'] : [];
}

/**
 * What the screen does next after a call: done, send the browser to 3-D Secure, show the decline, wait, say the
 * attempt was cancelled (a new one may start), or say the charge was given back (REFUNDED: the invoice was paid
 * by another payment or corrected meanwhile, so this capture was refunded; the invoice's own state tells the rest).
 */
export const CARD_PAYMENT_OUTCOMES = [
  'PAID',
  'REQUIRES_ACTION',
  'DECLINED',
  'PENDING',
  'CANCELLED',
  'REFUNDED',
] as const;
export type CardPaymentOutcome = (typeof CARD_PAYMENT_OUTCOMES)[number];

export function cardPaymentOutcome(status: CardPaymentStatus): CardPaymentOutcome {
  switch (status) {
    case 'CAPTURED':
      return 'PAID';
    case 'REFUNDED':
      return 'REFUNDED';
    case 'REQUIRES_ACTION':
      return 'REQUIRES_ACTION';
    case 'DECLINED':
    case 'FAILED':
      return 'DECLINED';
    case 'CANCELLED':
      return 'CANCELLED';
    default:
      return 'PENDING';
  }
}
