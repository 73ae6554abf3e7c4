import type { ControlAction } from './control';
import type { PaymentView, WebhookDelivery, WebhookEvent } from './model';
import type { SimulatorSettings } from './simulator';

interface ControlAnswer {
  settings: SimulatorSettings;
  event?: WebhookEvent;
}

/** Typed client of the simulator's control API (`/__control`), for tests and development scripts. */
export class CardControlClient {
  constructor(readonly baseUrl: string) {}

  private async get<T>(path: string): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`);
    if (!res.ok) throw new Error(`control GET ${path} failed: ${res.status}`);
    return (await res.json()) as T;
  }

  settings = () => this.get<SimulatorSettings>('/__control');
  payments = () => this.get<PaymentView[]>('/__control/payments');
  events = () => this.get<WebhookEvent[]>('/__control/events');
  deliveries = () => this.get<WebhookDelivery[]>('/__control/deliveries');

  async send(action: ControlAction): Promise<ControlAnswer> {
    const res = await fetch(`${this.baseUrl}/__control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(action),
    });
    const body = (await res.json()) as ControlAnswer & { code?: string; message?: string };
    if (!res.ok)
      throw new Error(`control ${action.action} failed: ${res.status} ${body.code} ${body.message}`);
    return body;
  }

  /** Forgets payments, tokens, keys, events and deliveries; settings back to the start options. */
  reset = () => this.send({ action: 'reset' });
  /** Every `/v1` answer waits `latencyMs` first. */
  setLatency = (latencyMs: number) => this.send({ action: 'setLatency', latencyMs });
  /** Every `/v1` call answers 503 while true. */
  setUnavailable = (unavailable: boolean) => this.send({ action: 'setUnavailable', unavailable });
  /** Drops the next `lose` deliveries (a number), or all of them while `true`. */
  loseWebhooks = (lose: number | boolean) => this.send({ action: 'loseWebhooks', lose });
  /** Sends each new event twice. */
  duplicateWebhooks = (duplicate: boolean) => this.send({ action: 'duplicateWebhooks', duplicate });
  /** Where webhooks go (null: nowhere) and the retries' first delay and number of attempts. */
  setWebhook = (opts: { url?: string | null; retryBaseMs?: number; maxAttempts?: number }) =>
    this.send({ action: 'setWebhook', ...opts });
  advanceClock = (ms: number) => this.send({ action: 'advanceClock', ms });
  async resendEvent(eventId: string): Promise<WebhookEvent> {
    const { event } = await this.send({ action: 'resendEvent', eventId });
    return event!;
  }
}
