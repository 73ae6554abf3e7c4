import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { controlActionSchema } from './control';
import { ERROR_CODES, httpUrlSchema, MAX_AMOUNT } from './model';
import {
  type CardFormContext,
  type CardFormValues,
  cardFormPage,
  challengePage,
  errorPage,
  type Lang,
  langOf,
  validateCardForm,
  withParam,
} from './pages';
import { type Answer, type CardSimulator, SimulatorError } from './simulator';

export interface SimulatorAppOptions {
  logger?: boolean;
}

const PAYMENT_ID = /^pay_[0-9a-f]{24}$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // No scripts at all; the form posts to itself and the redirect leaves for the shop's return URL.
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function send(reply: FastifyReply, answer: Answer) {
  return reply.code(answer.status).send(answer.body);
}

function answerOf(work: () => Answer): Answer {
  try {
    return work();
  } catch (err) {
    if (err instanceof SimulatorError) return err.toAnswer();
    throw err;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

/** The provider's hosted pages, its API under `/v1` (faults apply) and the control API under `/__control`. */
export function buildSimulatorApp(sim: CardSimulator, options: SimulatorAppOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 64 * 1024 });
  /** Answers held by the latency setting; released early when the server closes. */
  const held = new Set<() => void>();

  app.addHook('preClose', async () => {
    for (const release of held) release();
  });
  app.addHook('onClose', async () => sim.close());

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      app.log.error(err);
      return reply.code(500).send({ code: 'internal_error', message: 'simulator error' });
    }
    return reply.code(status).send({ code: ERROR_CODES.INVALID, message: err.message });
  });
  app.setNotFoundHandler((req, reply) =>
    reply
      .code(404)
      .send({ code: ERROR_CODES.NO_ROUTE, message: `no route ${req.method} ${req.url.split('?')[0]}` }),
  );

  // --- hosted pages (the browser) ---

  /** The form's context from its query or body; null with the error page's message when it is not usable. */
  function formContext(
    input: Record<string, unknown>,
  ):
    | { ctx: CardFormContext; error?: undefined }
    | { ctx?: undefined; error: 'badKey' | 'badReturnUrl' | 'badAmount'; lang: Lang } {
    const lang = langOf(input.lang);
    if (!sameSecret(str(input.key), sim.publishableKey)) return { error: 'badKey', lang };
    const returnUrl = str(input.return_url);
    if (!httpUrlSchema.safeParse(returnUrl).success) return { error: 'badReturnUrl', lang };
    const rawAmount = str(input.amount);
    let amount: number | null = null;
    if (rawAmount !== '') {
      amount = Number(rawAmount);
      if (!/^\d{1,9}$/.test(rawAmount) || amount < 1 || amount > MAX_AMOUNT)
        return { error: 'badAmount', lang };
    }
    return { ctx: { lang, key: str(input.key), returnUrl, amount } };
  }

  app.get('/hosted/card-form', async (req, reply) => {
    const c = formContext(req.query as Record<string, unknown>);
    if (!c.ctx) return reply.code(400).headers(PAGE_HEADERS).send(errorPage(c.lang, c.error));
    return reply.headers(PAGE_HEADERS).send(cardFormPage(c.ctx));
  });

  app.post('/hosted/card-form', async (req, reply) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const c = formContext(body);
    if (!c.ctx) return reply.code(400).headers(PAGE_HEADERS).send(errorPage(c.lang, c.error));
    const values: CardFormValues = {
      number: str(body.number).slice(0, 40),
      expiry: str(body.expiry).slice(0, 10),
      cvc: str(body.cvc).slice(0, 10),
      name: str(body.name).slice(0, 200),
    };
    const checked = validateCardForm(values, c.ctx.lang, sim.now());
    if (checked.errors)
      return reply
        .code(400)
        .headers(PAGE_HEADERS)
        .send(cardFormPage(c.ctx, values, checked.errors));
    const token = sim.createToken(checked.card);
    return reply.redirect(withParam(c.ctx.returnUrl, 'card_token', token), 303);
  });

  app.get<{ Params: { paymentId: string } }>('/3ds/challenge/:paymentId', async (req, reply) => {
    const lang = langOf((req.query as Record<string, unknown>).lang);
    const payment = PAYMENT_ID.test(req.params.paymentId) ? sim.challengeOf(req.params.paymentId) : null;
    if (!payment) return reply.code(404).headers(PAGE_HEADERS).send(errorPage(lang, 'notFound'));
    // Already answered (a reload or the back button): straight back to the shop.
    if (payment.status !== 'requires_action')
      return reply.redirect(withParam(payment.return_url, 'payment_id', payment.id), 303);
    return reply.headers(PAGE_HEADERS).send(challengePage(lang, payment.id, payment.amount));
  });

  app.post<{ Params: { paymentId: string } }>('/3ds/challenge/:paymentId', async (req, reply) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const lang = langOf(body.lang);
    if (!PAYMENT_ID.test(req.params.paymentId) || !sim.challengeOf(req.params.paymentId))
      return reply.code(404).headers(PAGE_HEADERS).send(errorPage(lang, 'notFound'));
    const payment = sim.completeChallenge(req.params.paymentId, str(body.password));
    return reply.redirect(withParam(payment.return_url, 'payment_id', payment.id), 303);
  });

  // --- the API (the shop's server) ---

  app.register(async (api) => {
    api.addHook('onRequest', async (req, reply) => {
      const { latencyMs, unavailable } = sim.settings();
      if (latencyMs > 0) {
        await new Promise<void>((resolve) => {
          const release = () => {
            clearTimeout(timer);
            held.delete(release);
            resolve();
          };
          const timer = setTimeout(release, latencyMs);
          held.add(release);
        });
      }
      if (unavailable)
        return reply
          .code(503)
          .send({ code: ERROR_CODES.UNAVAILABLE, message: 'the provider is unavailable' });
      const auth = req.headers.authorization ?? '';
      const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      if (!sameSecret(given, sim.secretKey))
        return reply
          .code(401)
          .send({ code: ERROR_CODES.UNAUTHORIZED, message: 'a valid secret key is required' });
      const key = req.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)))
        return reply.code(400).send({ code: ERROR_CODES.INVALID, message: 'Idempotency-Key is not valid' });
    });

    const keyOf = (headers: Record<string, unknown>) => {
      const key = headers['idempotency-key'];
      return typeof key === 'string' ? key : undefined;
    };
    const known = (id: string) => {
      if (!PAYMENT_ID.test(id)) throw new SimulatorError(404, ERROR_CODES.NOT_FOUND, 'no such payment');
    };

    api.post('/v1/payments', async (req, reply) =>
      send(
        reply,
        answerOf(() => sim.createPayment(req.body, keyOf(req.headers))),
      ),
    );
    api.get<{ Params: { id: string } }>('/v1/payments/:id', async (req, reply) =>
      send(
        reply,
        answerOf(() => {
          known(req.params.id);
          return { status: 200, body: sim.getPayment(req.params.id) };
        }),
      ),
    );
    api.post<{ Params: { id: string } }>('/v1/payments/:id/capture', async (req, reply) =>
      send(
        reply,
        answerOf(() => {
          known(req.params.id);
          return sim.capture(req.params.id, keyOf(req.headers));
        }),
      ),
    );
    api.post<{ Params: { id: string } }>('/v1/payments/:id/refund', async (req, reply) =>
      send(
        reply,
        answerOf(() => {
          known(req.params.id);
          return sim.refund(req.params.id, req.body, keyOf(req.headers));
        }),
      ),
    );
    api.post<{ Params: { id: string } }>('/v1/payments/:id/cancel', async (req, reply) =>
      send(
        reply,
        answerOf(() => {
          known(req.params.id);
          return sim.cancel(req.params.id, keyOf(req.headers));
        }),
      ),
    );
  });

  // --- the control API (development and tests; loopback only, no faults) ---

  app.register(async (control) => {
    control.addHook('onRequest', async (req, reply) => {
      if (!isLoopback(req.socket.remoteAddress))
        return reply.code(403).send({ code: 'forbidden', message: 'the control API answers loopback only' });
    });
    control.get('/__control', async () => sim.settings());
    control.get('/__control/payments', async () => sim.listPayments());
    control.get('/__control/events', async () => sim.listEvents());
    control.get('/__control/deliveries', async () => sim.listDeliveries());
    control.post('/__control', async (req, reply) => {
      const parsed = controlActionSchema.safeParse(req.body);
      if (!parsed.success)
        return reply.code(400).send({ code: ERROR_CODES.INVALID, message: parsed.error.message });
      const a = parsed.data;
      return send(
        reply,
        answerOf(() => {
          switch (a.action) {
            case 'reset':
              sim.reset();
              break;
            case 'setLatency':
              sim.update({ latencyMs: a.latencyMs });
              break;
            case 'setUnavailable':
              sim.update({ unavailable: a.unavailable });
              break;
            case 'loseWebhooks':
              sim.update({ loseWebhooks: a.lose });
              break;
            case 'duplicateWebhooks':
              sim.update({ duplicateWebhooks: a.duplicate });
              break;
            case 'setWebhook':
              sim.update({
                ...(a.url !== undefined ? { webhookUrl: a.url } : {}),
                ...(a.retryBaseMs !== undefined ? { retryBaseMs: a.retryBaseMs } : {}),
                ...(a.maxAttempts !== undefined ? { maxAttempts: a.maxAttempts } : {}),
              });
              break;
            case 'advanceClock':
              sim.advanceClock(a.ms);
              break;
            case 'resendEvent':
              return { status: 200, body: { settings: sim.settings(), event: sim.resendEvent(a.eventId) } };
          }
          return { status: 200, body: { settings: sim.settings() } };
        }),
      );
    });
  });

  return app;
}
