import {
  cardPaymentAttemptParamSchema,
  cardPaymentAttemptSchema,
  cardPaymentFormRequestSchema,
  cardPaymentFormSchema,
  cardPaymentResultSchema,
  confirmCardPaymentSchema,
  startCardPaymentSchema,
} from '@junkan/shared/api/card-payments';
import { errorSchema, idParamSchema } from '@junkan/shared/api/common';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelCardPayment,
  cardFormFor,
  cardPaymentsOf,
  confirmCardPayment,
  onCardWebhook,
  resumeCardPayment,
  startCardPayment,
  sweepCardPayments,
} from './card-payments.service';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  503: errorSchema,
};
const tags = ['card-payments'];
const config = { permission: 'INVOICE_MANAGEMENT', role: 'WASTE', company: 'read' } as const;

/** The discharger pays a billed card invoice (an admin acting for it does the same, audited as the admin). */
export const cardPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invoices/:id/card-payments/form',
    {
      config,
      schema: {
        tags,
        description: "The provider's hosted card form for this invoice; it returns to the invoice's page.",
        params: idParamSchema,
        body: cardPaymentFormRequestSchema,
        response: { 200: cardPaymentFormSchema, ...errors },
      },
    },
    (request) => cardFormFor(app, request.caller(), request.params.id, request.body.lang),
  );
  app.post(
    '/invoices/:id/card-payments',
    {
      config,
      schema: {
        tags,
        description:
          "Pays with the card form's one-time token; the same attemptKey answers the same attempt (no second charge).",
        params: idParamSchema,
        body: startCardPaymentSchema,
        response: { 200: cardPaymentResultSchema, ...errors },
      },
    },
    (request) => startCardPayment(app, request.caller(), request.params.id, request.body),
  );
  app.post(
    '/invoices/:id/card-payments/confirm',
    {
      config,
      schema: {
        tags,
        description: 'Back from 3-D Secure: settles the attempt with what the provider says.',
        params: idParamSchema,
        body: confirmCardPaymentSchema,
        response: { 200: cardPaymentResultSchema, ...errors },
      },
    },
    (request) => confirmCardPayment(app, request.caller(), request.params.id, request.body.paymentId),
  );
  app.post(
    '/invoices/:id/card-payments/:attemptId/resume',
    {
      config,
      schema: {
        tags,
        description:
          'Back to an attempt left open: the same 3-D Secure page while the provider still waits for it, else how it ended.',
        params: cardPaymentAttemptParamSchema,
        response: { 200: cardPaymentResultSchema, ...errors },
      },
    },
    (request) => resumeCardPayment(app, request.caller(), request.params.id, request.params.attemptId),
  );
  app.post(
    '/invoices/:id/card-payments/:attemptId/cancel',
    {
      config,
      schema: {
        tags,
        description:
          'Cancels a 3-D Secure challenge left unanswered at the provider, so a new attempt can start; one the card holder finished meanwhile answers PAID.',
        params: cardPaymentAttemptParamSchema,
        response: { 200: cardPaymentResultSchema, ...errors },
      },
    },
    (request) => cancelCardPayment(app, request.caller(), request.params.id, request.params.attemptId),
  );
  app.get(
    '/invoices/:id/card-payments',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: z.array(cardPaymentAttemptSchema), ...errors },
      },
    },
    (request) => cardPaymentsOf(app, request.caller(), request.params.id),
  );
};

export const CARD_PAYMENT_SWEEP = 'card-payment-sweep';

/** The provider's webhooks settle attempts; a minute sweep asks about those left open, once across processes. */
export function defineCardPaymentWork(app: FastifyInstance) {
  app.cardProvider.onWebhook((event) => onCardWebhook(app, event.payment));
  app.jobs.defineScheduled(CARD_PAYMENT_SWEEP, async () => {
    const run = await sweepCardPayments(app);
    if (run.open > 0) app.log.info(run, 'card payment sweep');
  });
}
