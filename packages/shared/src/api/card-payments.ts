import { z } from 'zod';
import {
  CARD_DECLINE_CODES,
  CARD_PAYMENT_ATTEMPT_ACTIONS,
  CARD_PAYMENT_OUTCOMES,
  CARD_PAYMENT_STATUSES,
} from '../card-payments';
import { idParam } from '../validation';

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
  /** What the discharger may do with it now (shared `cardPaymentAttemptActions`). */
  actions: z.array(z.enum(CARD_PAYMENT_ATTEMPT_ACTIONS)),
});
export type CardPaymentAttempt = z.infer<typeof cardPaymentAttemptSchema>;

export const cardPaymentResultSchema = z.object({
  outcome: z.enum(CARD_PAYMENT_OUTCOMES),
  /** The 3-D Secure page while REQUIRES_ACTION. */
  actionUrl: z.string().nullable(),
  declineCode: z.enum(CARD_DECLINE_CODES).nullable(),
  attempt: cardPaymentAttemptSchema,
});
export type CardPaymentResult = z.infer<typeof cardPaymentResultSchema>;

/** POST /invoices/{id}/card-payments/{attemptId}/resume and .../cancel: one attempt of the invoice. */
export const cardPaymentAttemptParamSchema = z.object({ id: idParam(), attemptId: idParam() });
