/**
 * Ports (overridable with E2E_APP_PORT / E2E_SMTP_PORT / E2E_JWNET_PORT / E2E_CARD_PORT, or all moved by
 * E2E_PORT_OFFSET, so that two runs on one machine do not collide: `npm test` runs two streams side by side) and the
 * shared folders of one run (set by playwright.config.ts, inherited by workers).
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3210) + OFFSET;
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3225) + OFFSET;
export const JWNET_PORT = Number(process.env.E2E_JWNET_PORT ?? 3240) + OFFSET;
/** The card payment simulator (by default next to the network simulator's port). */
export const CARD_PORT = process.env.E2E_CARD_PORT
  ? Number(process.env.E2E_CARD_PORT) + OFFSET
  : JWNET_PORT + 1;
export const APP_ORIGIN = `http://127.0.0.1:${APP_PORT}`;
export const CARD_ORIGIN = `http://127.0.0.1:${CARD_PORT}`;
export const JWNET_ORIGIN = `http://127.0.0.1:${JWNET_PORT}`;
/** Results of the simulated network reflect after this long on its clock (tests move the clock on). */
export const JWNET_DELAY_MS = 60_000;
/** Today in Japan at 10:00: inside the network's hours whenever the run starts. */
export const BUSINESS_CLOCK = `${new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date())}T10:00:00+09:00`;

export const DATA_DIR_ENV = 'JUNKAN_E2E_DATA_DIR';
export const MAIL_DIR_ENV = 'JUNKAN_E2E_MAIL_DIR';
/** The card provider keys of one run: random, made in the runner process, given to the simulator and the server. */
export const CARD_KEY_ENV = {
  publishableKey: 'JUNKAN_E2E_CARD_PUBLISHABLE_KEY',
  secretKey: 'JUNKAN_E2E_CARD_SECRET_KEY',
  webhookSecret: 'JUNKAN_E2E_CARD_WEBHOOK_SECRET',
} as const;

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run the tests through playwright.config.ts`);
  return value;
}
