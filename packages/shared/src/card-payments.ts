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
