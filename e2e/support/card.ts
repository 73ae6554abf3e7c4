import { CardControlClient } from '@junkan/card-simulator';
import { CARD_KEY_ENV, CARD_ORIGIN, requiredEnv } from './env';

/** The card payment simulator of this run: its control API and the run's keys. */
export const cardSimulator = new CardControlClient(CARD_ORIGIN);

export const cardKeys = () => ({
  publishableKey: requiredEnv(CARD_KEY_ENV.publishableKey),
  secretKey: requiredEnv(CARD_KEY_ENV.secretKey),
  webhookSecret: requiredEnv(CARD_KEY_ENV.webhookSecret),
});

/** The hosted card form's address, as the server's adapter builds it. */
export function cardFormUrl(returnUrl: string, opts: { lang?: 'ja' | 'en'; amount?: number } = {}): string {
  const q = new URLSearchParams({
    key: cardKeys().publishableKey,
    return_url: returnUrl,
    lang: opts.lang ?? 'ja',
    amount: String(opts.amount ?? 11_000),
  });
  return `${CARD_ORIGIN}/hosted/card-form?${q}`;
}
