import { randomBytes } from 'node:crypto';
import {
  behaviourOf,
  brandOf,
  type CardBehaviour,
  createPaymentSchema,
  type DeclineCode,
  ERROR_CODES,
  type PaymentView,
  refundSchema,
  signWebhook,
  THREE_D_SECURE_PASSWORD,
  TOKEN_LIFETIME_MS,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookEventType,
} from './model';

export const DEFAULT_RETRY_BASE_MS = 2_000;
export const DEFAULT_MAX_ATTEMPTS = 6;
/** How long one webhook delivery may take before it counts as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;

export interface CardSimulatorOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  webhookUrl?: string | null;
  /** First retry delay of a failed webhook delivery; doubled each time. */
  retryBaseMs?: number;
  /** Attempts per event delivery, the first included. */
  maxAttempts?: number;
  latencyMs?: number;
}

export interface SimulatorSettings {
  latencyMs: number;
  unavailable: boolean;
  /** Deliveries still to drop (a number), all of them (true) or none (false / 0). */
  loseWebhooks: number | boolean;
  duplicateWebhooks: boolean;
  webhookUrl: string | null;
  retryBaseMs: number;
  maxAttempts: number;
  clockOffsetMs: number;
  now: string;
  payments: number;
  events: number;
}

/** An answer of the API: HTTP status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

export class SimulatorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  toAnswer(): Answer {
    return { status: this.status, body: { code: this.code, message: this.message } };
  }
}

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

interface Token {
  id: string;
  createdAt: number;
  used: boolean;
  behaviour: CardBehaviour;
  brand: string;
  last4: string;
}

interface Payment {
  view: PaymentView;
  behaviour: CardBehaviour;
  captureRequested: boolean;
}

interface KeptAnswer {
  fingerprint: string;
  answer: Answer;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Keys sorted at every level, so that the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The card provider's state: tokens, payments, idempotency keys, webhook events and their deliveries. */
export class CardSimulator {
  readonly secretKey: string;
  readonly publishableKey: string;
  private readonly webhookSecret: string;
  private readonly start: Required<
    Omit<CardSimulatorOptions, 'secretKey' | 'publishableKey' | 'webhookSecret'>
  >;
  /** Browser-facing base of the challenge pages (set once the server listens). */
  publicUrl = 'http://127.0.0.1';
  /** Told of every delivery attempt as it is logged (the process's log). */
  onDelivery: ((delivery: WebhookDelivery) => void) | null = null;

  private tokens = new Map<string, Token>();
  private payments = new Map<string, Payment>();
  private keys = new Map<string, KeptAnswer>();
  private events = new Map<string, WebhookEvent>();
  private deliveries: WebhookDelivery[] = [];
  private timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<Promise<void>>();
  private s: Omit<SimulatorSettings, 'now' | 'payments' | 'events'>;
  /** Moves on at reset and close: a delivery under way then neither logs nor retries. */
  private generation = 0;

  constructor(options: CardSimulatorOptions) {
    this.secretKey = options.secretKey;
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.start = {
      webhookUrl: options.webhookUrl ?? null,
      retryBaseMs: options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      latencyMs: options.latencyMs ?? 0,
    };
    this.s = this.initialSettings();
  }

  private initialSettings() {
    return {
      latencyMs: this.start.latencyMs,
      unavailable: false,
      loseWebhooks: false as number | boolean,
      duplicateWebhooks: false,
      webhookUrl: this.start.webhookUrl,
      retryBaseMs: this.start.retryBaseMs,
      maxAttempts: this.start.maxAttempts,
      clockOffsetMs: 0,
    };
  }

  now(): Date {
    return new Date(Date.now() + this.s.clockOffsetMs);
  }

  settings(): SimulatorSettings {
    return {
      ...this.s,
      now: this.now().toISOString(),
      payments: this.payments.size,
      events: this.events.size,
    };
  }

  /** Forgets everything and puts the settings back to the start options; pending retries are dropped. */
  reset(): void {
    this.cancelTimers();
    this.tokens.clear();
    this.payments.clear();
    this.keys.clear();
    this.events.clear();
    this.deliveries = [];
    this.s = this.initialSettings();
  }

  update(changes: Partial<Omit<SimulatorSettings, 'now' | 'payments' | 'events'>>): void {
    this.s = { ...this.s, ...changes };
  }

  advanceClock(ms: number): void {
    this.s.clockOffsetMs += ms;
  }

  /** Stops retries and waits for deliveries under way (the server is closing). */
  async close(): Promise<void> {
    this.cancelTimers();
    await Promise.allSettled([...this.inFlight]);
  }

  private cancelTimers() {
    this.generation++;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  // --- the hosted card form ---------------------------------------------------------------------------

  /** A one-time token for a card the form validated; the number stays here. */
  createToken(card: CardDetails): string {
    const id = newId('tok');
    this.tokens.set(id, {
      id,
      createdAt: this.now().getTime(),
      used: false,
      behaviour: behaviourOf(card.number),
      brand: brandOf(card.number),
      last4: card.number.slice(-4),
    });
    return id;
  }

  // --- the API -----------------------------------------------------------------------------------------

  /**
   * Runs `work` once per idempotency key: the same key with the same request answers the kept answer; with
   * another request, 409. Only successful answers are kept, so a refused request is judged afresh.
   */
  private once(key: string | undefined, fingerprint: string, work: () => Answer): Answer {
    if (key === undefined) return work();
    const kept = this.keys.get(key);
    if (kept) {
      if (kept.fingerprint !== fingerprint)
        throw new SimulatorError(
          409,
          ERROR_CODES.IDEMPOTENCY_KEY_REUSED,
          'this Idempotency-Key was used for another request',
        );
      return kept.answer;
    }
    const answer = work();
    if (answer.status < 300) this.keys.set(key, { fingerprint, answer });
    return answer;
  }

  createPayment(rawBody: unknown, key: string | undefined): Answer {
    if (!key)
      throw new SimulatorError(400, ERROR_CODES.IDEMPOTENCY_KEY_MISSING, 'Idempotency-Key is required');
    return this.once(key, `POST /v1/payments ${canonical(rawBody)}`, () => {
      const parsed = createPaymentSchema.safeParse(rawBody);
      if (!parsed.success)
        throw new SimulatorError(400, ERROR_CODES.INVALID, parsed.error.issues[0]!.message);
      const req = parsed.data;
      const token = this.tokens.get(req.token);
      const nowMs = this.now().getTime();
      if (!token || token.used || nowMs - token.createdAt > TOKEN_LIFETIME_MS)
        throw new SimulatorError(400, ERROR_CODES.TOKEN_INVALID, 'the token is unknown, used or expired');
      token.used = true;
      const id = newId('pay');
      const view: PaymentView = {
        id,
        object: 'payment',
        status: 'authorized',
        amount: req.amount,
        currency: 'jpy',
        order_id: req.order_id,
        created: new Date(nowMs).toISOString(),
        captured_at: null,
        refunded_amount: 0,
        decline_code: null,
        action_url: null,
        return_url: req.return_url,
        card: { brand: token.brand, last4: token.last4 },
      };
      const payment: Payment = { view, behaviour: token.behaviour, captureRequested: req.capture };
      this.payments.set(id, payment);
      if (token.behaviour.kind === 'three_d_secure') {
        view.status = 'requires_action';
        view.action_url = `${this.publicUrl}/3ds/challenge/${id}`;
      } else if (token.behaviour.kind === 'decline') {
        this.decline(payment, token.behaviour.code);
      } else {
        this.authorize(payment);
      }
      return { status: 200, body: { ...view } };
    });
  }

  private authorize(payment: Payment) {
    payment.view.status = 'authorized';
    payment.view.action_url = null;
    this.emit('payment.authorized', payment);
    if (payment.captureRequested) this.markCaptured(payment);
  }

  private markCaptured(payment: Payment) {
    payment.view.status = 'captured';
    payment.view.captured_at = this.now().toISOString();
    this.emit('payment.captured', payment);
  }

  private decline(payment: Payment, code: DeclineCode) {
    payment.view.status = 'declined';
    payment.view.decline_code = code;
    payment.view.action_url = null;
    this.emit('payment.failed', payment);
  }

  private paymentOf(id: string): Payment {
    const payment = this.payments.get(id);
    if (!payment) throw new SimulatorError(404, ERROR_CODES.NOT_FOUND, 'no such payment');
    return payment;
  }

  getPayment(id: string): PaymentView {
    return { ...this.paymentOf(id).view };
  }

  /** Only an authorised payment is captured; capturing a captured one answers it again. */
  capture(id: string, key: string | undefined): Answer {
    return this.once(key, `POST /v1/payments/${id}/capture`, () => {
      const payment = this.paymentOf(id);
      if (payment.view.status === 'authorized') this.markCaptured(payment);
      else if (payment.view.status !== 'captured')
        throw new SimulatorError(
          409,
          ERROR_CODES.STATE,
          `a ${payment.view.status} payment cannot be captured`,
        );
      return { status: 200, body: { ...payment.view } };
    });
  }

  /** Refunds all that is left (no amount) or part of it; only a captured payment. */
  refund(id: string, rawBody: unknown, key: string | undefined): Answer {
    return this.once(key, `POST /v1/payments/${id}/refund ${canonical(rawBody ?? {})}`, () => {
      const parsed = refundSchema.safeParse(rawBody ?? {});
      if (!parsed.success)
        throw new SimulatorError(400, ERROR_CODES.INVALID, parsed.error.issues[0]!.message);
      const payment = this.paymentOf(id);
      if (payment.view.status !== 'captured')
        throw new SimulatorError(
          409,
          ERROR_CODES.STATE,
          `a ${payment.view.status} payment cannot be refunded`,
        );
      const left = payment.view.amount - payment.view.refunded_amount;
      const amount = parsed.data.amount ?? left;
      if (amount > left)
        throw new SimulatorError(400, ERROR_CODES.REFUND_AMOUNT, `at most ${left} yen is left to refund`);
      payment.view.refunded_amount += amount;
      if (payment.view.refunded_amount === payment.view.amount) payment.view.status = 'refunded';
      this.emit('payment.refunded', payment);
      return { status: 200, body: { ...payment.view } };
    });
  }

  /**
   * Cancels a payment nobody will finish: one waiting for 3-D Secure, or authorised and not captured (the hold is
   * released). Nothing is charged and its challenge no longer answers. Cancelling a cancelled one answers it again;
   * any other status is `payment_state_invalid` (a captured payment is refunded instead).
   */
  cancel(id: string, key: string | undefined): Answer {
    return this.once(key, `POST /v1/payments/${id}/cancel`, () => {
      const payment = this.paymentOf(id);
      if (payment.view.status === 'requires_action' || payment.view.status === 'authorized') {
        payment.view.status = 'cancelled';
        payment.view.action_url = null;
        this.emit('payment.cancelled', payment);
      } else if (payment.view.status !== 'cancelled')
        throw new SimulatorError(
          409,
          ERROR_CODES.STATE,
          `a ${payment.view.status} payment cannot be cancelled`,
        );
      return { status: 200, body: { ...payment.view } };
    });
  }

  // --- 3-D Secure -------------------------------------------------------------------------------------

  /** The challenge's payment, or null when there is none by that id. */
  challengeOf(id: string): PaymentView | null {
    const payment = this.payments.get(id);
    return payment ? { ...payment.view } : null;
  }

  /** The right password authorises (and captures when asked); a wrong one declines. Answered once. */
  completeChallenge(id: string, password: string): PaymentView {
    const payment = this.paymentOf(id);
    if (payment.view.status === 'requires_action') {
      if (password === THREE_D_SECURE_PASSWORD) this.authorize(payment);
      else this.decline(payment, 'three_d_secure_failed');
    }
    return { ...payment.view };
  }

  // --- webhooks ---------------------------------------------------------------------------------------

  listPayments(): PaymentView[] {
    return [...this.payments.values()].map((p) => ({ ...p.view }));
  }

  listEvents(): WebhookEvent[] {
    return [...this.events.values()];
  }

  listDeliveries(): WebhookDelivery[] {
    return [...this.deliveries];
  }

  private emit(type: WebhookEventType, payment: Payment) {
    const event: WebhookEvent = {
      id: newId('evt'),
      type,
      created: this.now().toISOString(),
      data: { payment: { ...payment.view, card: { ...payment.view.card } } },
    };
    this.events.set(event.id, event);
    const copies = this.s.duplicateWebhooks ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      if (this.takeLoss()) {
        this.log(event, 1, { outcome: 'lost', httpStatus: null, error: null });
        continue;
      }
      this.schedule(event, 1, 0);
    }
  }

  private takeLoss(): boolean {
    const lose = this.s.loseWebhooks;
    if (lose === true) return true;
    if (typeof lose === 'number' && lose > 0) {
      this.s.loseWebhooks = lose - 1;
      return true;
    }
    return false;
  }

  /** Sends an event again (a new delivery with its own retries); faults do not apply. */
  resendEvent(eventId: string): WebhookEvent {
    const event = this.events.get(eventId);
    if (!event) throw new SimulatorError(404, ERROR_CODES.NOT_FOUND, 'no such event');
    this.schedule(event, 1, 0);
    return event;
  }

  private schedule(event: WebhookEvent, attempt: number, delayMs: number) {
    const generation = this.generation;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.deliver(event, attempt, generation).finally(() => this.inFlight.delete(run));
      this.inFlight.add(run);
    }, delayMs);
    this.timers.add(timer);
  }

  private log(
    event: WebhookEvent,
    attempt: number,
    result: Pick<WebhookDelivery, 'outcome' | 'httpStatus' | 'error'>,
  ) {
    const delivery: WebhookDelivery = {
      eventId: event.id,
      type: event.type,
      attempt,
      at: new Date().toISOString(),
      url: this.s.webhookUrl,
      ...result,
    };
    this.deliveries.push(delivery);
    this.onDelivery?.(delivery);
  }

  private async deliver(event: WebhookEvent, attempt: number, generation: number): Promise<void> {
    const url = this.s.webhookUrl;
    if (!url) {
      this.log(event, attempt, { outcome: 'no_url', httpStatus: null, error: null });
      return;
    }
    const body = JSON.stringify(event);
    const signature = signWebhook(this.webhookSecret, body, Math.floor(Date.now() / 1000));
    let httpStatus: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'junkan-card-signature': signature },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      httpStatus = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    if (generation !== this.generation) return;
    const ok = httpStatus !== null && httpStatus >= 200 && httpStatus < 300;
    this.log(event, attempt, { outcome: ok ? 'delivered' : 'failed', httpStatus, error });
    if (!ok && attempt < this.s.maxAttempts)
      this.schedule(event, attempt + 1, this.s.retryBaseMs * 2 ** (attempt - 1));
  }
}
