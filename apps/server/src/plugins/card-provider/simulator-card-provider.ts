import { CARD_DECLINE_CODES } from '@junkan/shared/card-payments';
import { z } from 'zod';
import {
  CARD_WEBHOOK_EVENT_TYPES,
  type CardProvider,
  CardProviderRequestError,
  CardProviderUnavailableError,
  type CardWebhookEvent,
  CardWebhookSignatureError,
  PROVIDER_PAYMENT_STATUSES,
  type ProviderPayment,
} from './card-provider';
import { verifyWebhookSignature } from './webhook-signature';

export interface SimulatorCardProviderSettings {
  /** API base the server calls. */
  url: string;
  /** Browser-facing base of the hosted pages. */
  publicUrl: string;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  /** Per call, answer body included. */
  timeoutMs: number;
}

const paymentSchema = z
  .object({
    id: z.string(),
    status: z.enum(PROVIDER_PAYMENT_STATUSES),
    amount: z.number().int(),
    order_id: z.string(),
    action_url: z.string().nullable(),
    // A reason this product does not know yet is shown as the generic decline.
    decline_code: z
      .string()
      .nullable()
      .transform((c) => (c === null ? null : (CARD_DECLINE_CODES.find((k) => k === c) ?? 'card_declined'))),
    captured_at: z.string().nullable(),
    refunded_amount: z.number().int().default(0),
  })
  .transform(
    (p): ProviderPayment => ({
      id: p.id,
      status: p.status,
      amount: p.amount,
      orderId: p.order_id,
      actionUrl: p.action_url,
      declineCode: p.decline_code,
      capturedAt: p.captured_at,
      refundedAmount: p.refunded_amount,
    }),
  );

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(CARD_WEBHOOK_EVENT_TYPES),
  created: z.string(),
  data: z.object({ payment: paymentSchema }),
});

const errorBodySchema = z.object({ code: z.string(), message: z.string().optional() });

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

/** The client of the card simulator's API (apps/card-simulator/README.md), the shape of a token + 3-DS provider. */
export class SimulatorCardProvider implements CardProvider {
  private readonly url: string;
  private readonly publicUrl: string;

  constructor(
    private readonly settings: SimulatorCardProviderSettings,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.url = settings.url.replace(/\/+$/, '');
    this.publicUrl = settings.publicUrl.replace(/\/+$/, '');
  }

  cardFormUrl(opts: { returnUrl: string; lang: 'ja' | 'en'; amount: number }): string {
    const q = new URLSearchParams({
      key: this.settings.publishableKey,
      return_url: opts.returnUrl,
      lang: opts.lang,
      amount: String(opts.amount),
    });
    return `${this.publicUrl}/hosted/card-form?${q}`;
  }

  authorize(req: {
    token: string;
    amount: number;
    orderId: string;
    returnUrl: string;
    idempotencyKey: string;
  }) {
    return this.call('POST', '/v1/payments', req.idempotencyKey, {
      token: req.token,
      amount: req.amount,
      currency: 'jpy',
      order_id: req.orderId,
      return_url: req.returnUrl,
      capture: false,
    });
  }

  capture(paymentId: string, idempotencyKey: string) {
    return this.call('POST', `${this.paymentPath(paymentId)}/capture`, idempotencyKey, {});
  }

  refund(paymentId: string, amount: number | undefined, idempotencyKey: string) {
    return this.call(
      'POST',
      `${this.paymentPath(paymentId)}/refund`,
      idempotencyKey,
      amount === undefined ? {} : { amount },
    );
  }

  retrieve(paymentId: string) {
    return this.call('GET', this.paymentPath(paymentId));
  }

  cancel(paymentId: string, idempotencyKey: string) {
    return this.call('POST', `${this.paymentPath(paymentId)}/cancel`, idempotencyKey, {});
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): CardWebhookEvent {
    verifyWebhookSignature(this.settings.webhookSecret, rawBody, signatureHeader, this.nowSeconds());
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new CardWebhookSignatureError('invalid_payload');
    }
    const parsed = eventSchema.safeParse(json);
    if (!parsed.success) throw new CardWebhookSignatureError('invalid_payload');
    const { id, type, created, data } = parsed.data;
    return { id, type, created, payment: data.payment };
  }

  private paymentPath(paymentId: string) {
    return `/v1/payments/${encodeURIComponent(paymentId)}`;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    idempotencyKey?: string,
    body?: unknown,
  ): Promise<ProviderPayment> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.settings.secretKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    let status: number;
    let answer: unknown;
    try {
      // One signal for the whole call, the body's reading included.
      const signal = AbortSignal.timeout(this.settings.timeoutMs);
      const res = await fetch(`${this.url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      status = res.status;
      const text = await res.text();
      try {
        answer = text ? JSON.parse(text) : undefined;
      } catch {
        answer = undefined;
      }
    } catch (err) {
      if (isAbort(err))
        throw new CardProviderUnavailableError(
          'timeout',
          `card provider did not answer ${method} ${path} in ${this.settings.timeoutMs} ms`,
        );
      throw new CardProviderUnavailableError(
        'network',
        `card provider unreachable: ${(err as Error).message}`,
      );
    }
    if (status >= 500 || status === 408 || status === 429)
      throw new CardProviderUnavailableError('server_error', `card provider answered ${status}`, status);
    if (status >= 400) {
      const e = errorBodySchema.safeParse(answer);
      throw new CardProviderRequestError(
        status,
        e.success ? e.data.code : `http_${status}`,
        (e.success && e.data.message) || `card provider answered ${status}`,
      );
    }
    const payment = paymentSchema.safeParse(answer);
    if (!payment.success)
      throw new CardProviderUnavailableError(
        'bad_answer',
        `card provider answered ${status} without a payment`,
      );
    return payment.data;
  }
}
