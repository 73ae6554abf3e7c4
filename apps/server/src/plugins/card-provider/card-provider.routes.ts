import { errorSchema } from '@junkan/shared/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { CardWebhookSignatureError } from './card-provider';

/**
 * `POST /api/card-provider/webhook`: the provider's notifications. The signature covers the exact bytes sent, so
 * this plugin (and only it) takes every body raw; the event goes to `app.cardProvider`'s handlers.
 */
export const cardProviderWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/card-provider/webhook',
    {
      config: { public: true },
      schema: {
        tags: ['card-provider'],
        summary: "The card provider's signed notifications (payment authorised, captured, failed, refunded)",
        security: [],
        response: { 200: z.object({ received: z.literal(true) }), 400: errorSchema, 500: errorSchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['junkan-card-signature'];
      let event: ReturnType<typeof app.cardProvider.verifyWebhook>;
      try {
        event = app.cardProvider.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
      } catch (err) {
        if (!(err instanceof CardWebhookSignatureError)) throw err;
        // Never the body: it is unverified input.
        request.log.warn({ reason: err.reason, bytes: raw.length }, 'card webhook refused');
        throw new AppError('card_webhook_signature_invalid', 'Invalid webhook signature');
      }
      request.log.info({ eventId: event.id, type: event.type, paymentId: event.payment.id }, 'card webhook');
      await app.cardProvider.dispatch(event);
      return { received: true as const };
    },
  );
};
