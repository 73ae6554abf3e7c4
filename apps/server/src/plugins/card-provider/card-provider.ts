import type { CardDeclineCode } from '@junkan/shared/card-payments';

/**
 * The card payment provider, behind one interface (ruling 12): the project ships a simulator
 * (`apps/card-simulator`, reached through `SimulatorCardProvider`); a real provider's client implements the same
 * and is chosen by `CARD_PROVIDER`. Amounts are whole yen.
 */
export interface CardProvider {
  /** The hosted card form's URL for the browser. */
  cardFormUrl(opts: { returnUrl: string; lang: 'ja' | 'en'; amount: number }): string;
  authorize(req: {
    token: string;
    amount: number;
    orderId: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<ProviderPayment>;
  capture(paymentId: string, idempotencyKey: string): Promise<ProviderPayment>;
  /** All that is left when `amount` is undefined. */
  refund(paymentId: string, amount: number | undefined, idempotencyKey: string): Promise<ProviderPayment>;
  retrieve(paymentId: string): Promise<ProviderPayment>;
  /**
   * Cancels a payment waiting for 3-D Secure or authorised and not captured (a real provider's PaymentIntent
   * cancel): nothing is charged and its challenge no longer authorises. A payment that moved on raises
   * `payment_state_invalid`.
   */
  cancel(paymentId: string, idempotencyKey: string): Promise<ProviderPayment>;
  /** Verifies the signature (timing-safe, 5-minute tolerance) and parses; throws CardWebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): CardWebhookEvent;
}

export const PROVIDER_PAYMENT_STATUSES = [
  'requires_action',
  'authorized',
  'captured',
  'declined',
  'refunded',
  'cancelled',
] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

export type ProviderPayment = {
  id: string;
  status: ProviderPaymentStatus;
  amount: number;
  orderId: string;
  /** Where to send the browser for 3-D Secure while `requires_action`. */
  actionUrl: string | null;
  declineCode: CardDeclineCode | null;
  capturedAt: string | null;
  /** Refunded so far (yen); equal to `amount` once `refunded`. */
  refundedAmount: number;
};

export const CARD_WEBHOOK_EVENT_TYPES = [
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'payment.refunded',
  'payment.cancelled',
] as const;
export type CardWebhookEventType = (typeof CARD_WEBHOOK_EVENT_TYPES)[number];

/** A verified notification. The same event (same id) may come more than once: handlers must be idempotent. */
export type CardWebhookEvent = {
  id: string;
  type: CardWebhookEventType;
  created: string;
  payment: ProviderPayment;
};

export type CardWebhookHandler = (event: CardWebhookEvent) => Promise<void> | void;

/** The provider could not be reached, timed out or answered 5xx: nothing is known; try again (same key). */
export class CardProviderUnavailableError extends Error {
  override readonly name = 'CardProviderUnavailableError';
  constructor(
    readonly reason: 'network' | 'timeout' | 'server_error' | 'bad_answer',
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The provider refused the request (4xx) with its own code, e.g. `token_invalid`, `payment_state_invalid`. */
export class CardProviderRequestError extends Error {
  override readonly name = 'CardProviderRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class CardWebhookSignatureError extends Error {
  override readonly name = 'CardWebhookSignatureError';
  constructor(readonly reason: 'missing' | 'malformed' | 'mismatch' | 'stale' | 'invalid_payload') {
    super(`card webhook refused: ${reason}`);
  }
}
