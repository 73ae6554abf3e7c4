/**
 * Ports (overridable with E2E_APP_PORT / E2E_SMTP_PORT so two runs on one machine do not collide) and the
 * shared folders of one run (set by playwright.config.ts, inherited by workers).
 */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3210);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3225);
export const APP_ORIGIN = `http://127.0.0.1:${APP_PORT}`;

export const DATA_DIR_ENV = 'JUNKAN_E2E_DATA_DIR';
export const MAIL_DIR_ENV = 'JUNKAN_E2E_MAIL_DIR';

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run the tests through playwright.config.ts`);
  return value;
}
