import { z } from 'zod';
import { CARD_DECLINE_CODES, CARD_PAYMENT_STATUSES } from '../card-payments';

/** The provider's one-time token or payment id: short, plain ASCII (anything else is not the provider's). */
const providerId = (prefix: string) =>
  z.string({ error: 'MSG_00_21' }).regex(new RegExp(`^${prefix}_[A-Za-z0-9]{8,60}$`), 'invalid_format');

/** POST /invoices/{id}/card-payments/form: where to send the browser for the card form. */
export const cardPaymentFormRequestSchema = z.object({ lang: z.enum(['ja', 'en']).default('ja') });
export const cardPaymentFormSchema = z.object({ formUrl: z.string() });

/** POST /invoices/{id}/card-payments: pay with the token the card form gave; `attemptKey` makes it idempotent. */
export const startCardPaymentSchema = z.object({
  token: providerId('tok'),
  attemptKey: z.uuid({ error: 'invalid_format' }),
  lang: z.enum(['ja', 'en']).default('ja'),
});
export type StartCardPayment = z.infer<typeof startCardPaymentSchema>;

/** POST /invoices/{id}/card-payments/confirm: back from 3-D Secure with the provider's payment id. */
export const confirmCardPaymentSchema = z.object({ paymentId: providerId('pay') });

export const cardPaymentAttemptSchema = z.object({
  id: z.number(),
  status: z.enum(CARD_PAYMENT_STATUSES),
  amount: z.number(),
  declineCode: z.enum(CARD_DECLINE_CODES).nullable(),
  createdAt: z.string(),
  capturedAt: z.string().nullable(),
});
export type CardPaymentAttempt = z.infer<typeof cardPaymentAttemptSchema>;

export const cardPaymentResultSchema = z.object({
  outcome: z.enum(['PAID', 'REQUIRES_ACTION', 'DECLINED', 'PENDING']),
  /** The 3-D Secure page while REQUIRES_ACTION. */
  actionUrl: z.string().nullable(),
  declineCode: z.enum(CARD_DECLINE_CODES).nullable(),
  attempt: cardPaymentAttemptSchema,
});
export type CardPaymentResult = z.infer<typeof cardPaymentResultSchema>;
