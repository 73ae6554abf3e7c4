// `npm run start -w @junkan/card-simulator`: the card payment provider's simulator as its own process.
import { DEFAULT_RETRY_BASE_MS } from './simulator';
import { startCardSimulator } from './start';

const env = process.env;

function whole(name: string, fallback: number): number {
  const raw = env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number of 0 or more, not "${raw}"`);
    process.exit(1);
  }
  return value;
}

// The keys are the server's too (CARD_PROVIDER_*): `npm start` and the end-to-end run give both the same ones.
const keys = {
  secretKey: env.CARD_PROVIDER_SECRET_KEY ?? '',
  publishableKey: env.CARD_PROVIDER_PUBLISHABLE_KEY ?? '',
  webhookSecret: env.CARD_PROVIDER_WEBHOOK_SECRET ?? '',
};
const missing = Object.entries({
  CARD_PROVIDER_SECRET_KEY: keys.secretKey,
  CARD_PROVIDER_PUBLISHABLE_KEY: keys.publishableKey,
  CARD_PROVIDER_WEBHOOK_SECRET: keys.webhookSecret,
})
  .filter(([, v]) => !v)
  .map(([k]) => k);
if (missing.length) {
  console.error(`The card simulator needs ${missing.join(', ')} (npm start sets them; see README).`);
  process.exit(1);
}

const running = await startCardSimulator({
  ...keys,
  port: whole('CARD_SIMULATOR_PORT', 3310),
  host: env.CARD_SIMULATOR_HOST || '127.0.0.1',
  publicUrl: env.CARD_SIMULATOR_PUBLIC_URL || undefined,
  webhookUrl: env.CARD_SIMULATOR_WEBHOOK_URL || null,
  retryBaseMs: whole('CARD_SIMULATOR_RETRY_BASE_MS', DEFAULT_RETRY_BASE_MS),
  latencyMs: whole('CARD_SIMULATOR_LATENCY_MS', 0),
  logger: true,
});
const { latencyMs, webhookUrl, retryBaseMs } = running.simulator.settings();
running.app.log.info(
  `card simulator on ${running.url}: ${JSON.stringify({ latencyMs, webhookUrl, retryBaseMs })}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
