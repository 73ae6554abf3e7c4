import type { CardProvider, CardWebhookEvent, CardWebhookHandler } from './card-provider';

/**
 * `app.cardProvider`: the configured provider's calls, and the handlers its verified webhook events are given to
 * (the payments feature registers one with `onWebhook`). Handlers run one after another; the route answers the
 * provider only once they all resolved, so a handler's failure makes the provider send the event again.
 */
export class CardProviderHub implements CardProvider {
  private readonly handlers: CardWebhookHandler[] = [];

  constructor(readonly provider: CardProvider) {}

  cardFormUrl: CardProvider['cardFormUrl'] = (opts) => this.provider.cardFormUrl(opts);
  authorize: CardProvider['authorize'] = (req) => this.provider.authorize(req);
  capture: CardProvider['capture'] = (id, key) => this.provider.capture(id, key);
  refund: CardProvider['refund'] = (id, amount, key) => this.provider.refund(id, amount, key);
  retrieve: CardProvider['retrieve'] = (id) => this.provider.retrieve(id);
  cancel: CardProvider['cancel'] = (id, key) => this.provider.cancel(id, key);
  verifyWebhook: CardProvider['verifyWebhook'] = (raw, header) => this.provider.verifyWebhook(raw, header);

  onWebhook(handler: CardWebhookHandler): void {
    this.handlers.push(handler);
  }

  async dispatch(event: CardWebhookEvent): Promise<void> {
    for (const handler of this.handlers) await handler(event);
  }
}
