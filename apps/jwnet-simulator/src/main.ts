// `npm run start -w @junkan/jwnet-simulator`: the manifest-network simulator as its own process.
import { DEFAULT_DELAY_MS } from './simulator';
import { startJwnetSimulator } from './start';

function whole(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number of 0 or more, not "${raw}"`);
    process.exit(1);
  }
  return value;
}

const env = process.env;
const running = await startJwnetSimulator({
  port: whole('JWNET_SIMULATOR_PORT', 3300),
  host: env.JWNET_SIMULATOR_HOST || '127.0.0.1',
  delayMs: whole('JWNET_SIMULATOR_DELAY_MS', DEFAULT_DELAY_MS),
  clock: env.JWNET_SIMULATOR_CLOCK || undefined,
  stopDays: (env.JWNET_SIMULATOR_STOP_DAYS ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean),
  logger: true,
});
running.app.log.info(`JWNET simulator on ${running.url}: ${JSON.stringify(running.simulator.settings())}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
