import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import {
  APP_ORIGIN,
  APP_PORT,
  BUSINESS_CLOCK,
  CARD_KEY_ENV,
  CARD_ORIGIN,
  CARD_PORT,
  DATA_DIR_ENV,
  JWNET_DELAY_MS,
  JWNET_ORIGIN,
  JWNET_PORT,
  MAIL_DIR_ENV,
  requiredEnv,
  SMTP_PORT,
} from './support/env';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

// The config is evaluated again in every worker: the folders are created once, in the runner process,
// and reach the workers through the environment they inherit.
const isRunner = !process.env[DATA_DIR_ENV];
process.env[DATA_DIR_ENV] ??= mkdtempSync(path.join(os.tmpdir(), 'junkan-e2e-data-'));
const dataDir = process.env[DATA_DIR_ENV];
process.env[MAIL_DIR_ENV] ??= mkdtempSync(path.join(os.tmpdir(), 'junkan-e2e-mail-'));

process.env[CARD_KEY_ENV.publishableKey] ??= `pk_test_${randomBytes(16).toString('hex')}`;
process.env[CARD_KEY_ENV.secretKey] ??= `sk_test_${randomBytes(24).toString('hex')}`;
process.env[CARD_KEY_ENV.webhookSecret] ??= `whsec_${randomBytes(24).toString('hex')}`;
const cardKeys = {
  CARD_PROVIDER_PUBLISHABLE_KEY: requiredEnv(CARD_KEY_ENV.publishableKey),
  CARD_PROVIDER_SECRET_KEY: requiredEnv(CARD_KEY_ENV.secretKey),
  CARD_PROVIDER_WEBHOOK_SECRET: requiredEnv(CARD_KEY_ENV.webhookSecret),
};

// The servers run from their builds, as in production (`npm start`): a service whose sources changed since its
// build is built again first (esbuild, under a second). The web app is built by `npm run build`.
if (isRunner) {
  const script = fileURLToPath(new URL('../scripts/build-server.mjs', import.meta.url));
  const built = spawnSync(process.execPath, [script, '--stale'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the services failed');
}

/**
 * The walks that change what every test shares: the network simulator's faults and clock (a refusal is taken by
 * the next work sent, whoever sends it), the card simulator's faults and payment list, a demo account's
 * password (changing it ends that account's other sign-ins), and the month's reports of the demo industrial waste
 * (the achievements walk sums them before and after its own; the report walks add to them). The keyboard walks of a
 * report's approval and a card payment add a report and a payment. The collections walk, the driver's day and the
 * area walk open and close the demo transporter's calendar days for a while.
 */
const SHARED_STATE =
  /\/(card-simulator|invoice-card-payment|industrial-reports|manifests|operations|evidence-pack|sessions|disposal-unit-prices|achievements|keyboard-approval-payment|collections|driver-day|area-price-setting)\.spec\.ts$/;

// globalTeardown removes both folders; the server is stopped only after it, so sweep once more on exit.
if (isRunner) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

export default defineConfig({
  // Separate output folders let runs on other ports proceed side by side.
  outputDir: APP_PORT === 3210 ? 'test-results' : `test-results-${APP_PORT}`,
  testDir: './tests',
  fullyParallel: false,
  // Two workers on one server: the end-to-end run took 444 s against about 700 s with one (2 cores, measured
  // after the app stopped animating for ever). The tests that change what other tests rely on run one at a time
  // (the features-serial project).
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL: `${APP_ORIGIN}/sys/`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    // The app follows the system's reduced-motion setting (antd without animations): dialogs and menus are
    // there at once, so no click lands on a panel still opening, and the browser draws far fewer frames.
    reducedMotion: 'reduce',
    headless: true,
    // Recording a trace of every test made each one about a third slower (measured): a failing test is run
    // again with `--trace on` to read it. A screenshot of the failure is always kept.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // The feature walks, and the layout sweep of every screen for each role and language (its tests side by side).
  // The walks that change state shared by every test (the simulators' faults, clocks and records, a demo
  // account's password) run one at a time, first, so that the other worker takes the rest meanwhile. Without
  // --project all run; `--project 'features*'` runs the walks.
  projects: [
    { name: 'features-serial', testMatch: SHARED_STATE, workers: 1 },
    { name: 'features', testIgnore: [/layout\.spec\.ts$/, SHARED_STATE] },
    { name: 'layout', testMatch: /layout\.spec\.ts$/, fullyParallel: true },
  ],
  webServer: [
    {
      command: 'node --enable-source-maps ../apps/jwnet-simulator/dist/main.js',
      url: `${JWNET_ORIGIN}/__control`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        JWNET_SIMULATOR_PORT: String(JWNET_PORT),
        JWNET_SIMULATOR_DELAY_MS: String(JWNET_DELAY_MS),
        // A fixed clock in service hours: tests move it on to reflect results.
        JWNET_SIMULATOR_CLOCK: BUSINESS_CLOCK,
      },
    },
    {
      command: 'node --enable-source-maps ../apps/card-simulator/dist/main.js',
      url: `${CARD_ORIGIN}/__control`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        ...cardKeys,
        CARD_SIMULATOR_PORT: String(CARD_PORT),
        CARD_SIMULATOR_WEBHOOK_URL: `${APP_ORIGIN}/api/card-provider/webhook`,
        // Retries come quickly in a test run.
        CARD_SIMULATOR_RETRY_BASE_MS: '200',
      },
    },
    {
      command: 'node --enable-source-maps ../apps/server/dist/main.js',
      url: `${APP_ORIGIN}/api/docs/json`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: APP_ORIGIN,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_MAX: '1000',
        // Every test signs up and resets from 127.0.0.1.
        MAIL_RATE_LIMIT_MAX: '1000',
        JUNKAN_CLOCK: BUSINESS_CLOCK,
        JWNET_URL: JWNET_ORIGIN,
        ...cardKeys,
        CARD_PROVIDER_URL: CARD_ORIGIN,
        JOBS_POLL_SECONDS: '0.5',
        JWNET_POLL_MS: '500',
      },
    },
  ],
});
