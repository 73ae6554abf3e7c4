import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  /** Folder of the embedded database and generated secrets. */
  dataDir: string;
  /** PostgreSQL server; when absent, the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  jwtSecret: string;
  /** smtp://host:port; when absent, mail stays in the outbox. */
  smtpUrl?: string;
  mailFrom: string;
  /** Address users reach the product at, used in mailed links. */
  publicUrl: string;
  logLevel: string;
  seedDemo: boolean;
  /** Built web app to serve under /sys/; skipped when the folder is missing. */
  webDist: string;
  loginRateLimit: { max: number; windowMs: number };
  /** Calls that send mail to an address the caller names (sign-up, password reset), per client address. */
  mailRateLimit: { max: number; windowMs: number };
  /**
   * Where the business clock starts (ISO instant), for demos and end-to-end tests that need a given time of
   * day (the network's 07:00-19:00 window); it then runs on in real time. Absent: the machine's clock.
   */
  clockStart?: string;
  /** The manifest network (or its simulator): address, answer timeout, how soon a sent request is polled. */
  jwnet: {
    url: string;
    timeoutMs: number;
    /** How soon a sent request is asked for its result. */
    pollMs: number;
  };
  /**
   * The background job engine (pg-boss): whether this process works jobs and runs the schedules (every process
   * still queues them), the PostgreSQL connections of its own pool, and how often an idle worker looks.
   */
  jobs: {
    work: boolean;
    poolMax: number;
    pollSeconds: number;
    /** How often the schedules are checked (seconds, default 30); tests shorten it. */
    cronSeconds?: number;
  };
}

/** Reads the signing secret from the environment, or from the data folder, generating it there once. */
function resolveJwtSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: resolveJwtSecret(dataDir, env.JWT_SECRET),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'junkan <no-reply@junkan.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== 'false',
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    loginRateLimit: {
      max: Number(env.LOGIN_RATE_LIMIT_MAX ?? 10),
      windowMs: Number(env.LOGIN_RATE_LIMIT_WINDOW_MS ?? 15 * 60 * 1000),
    },
    mailRateLimit: {
      max: Number(env.MAIL_RATE_LIMIT_MAX ?? 20),
      windowMs: Number(env.MAIL_RATE_LIMIT_WINDOW_MS ?? 15 * 60 * 1000),
    },
    clockStart: env.JUNKAN_CLOCK || undefined,
    jwnet: {
      url: (env.JWNET_URL ?? 'http://127.0.0.1:3300').replace(/\/$/, ''),
      timeoutMs: Number(env.JWNET_TIMEOUT_MS ?? 10_000),
      pollMs: Number(env.JWNET_POLL_MS ?? 30_000),
    },
    jobs: {
      work: env.JOBS !== 'false',
      poolMax: Number(env.JOBS_POOL_MAX ?? 2),
      pollSeconds: Math.max(0.5, Number(env.JOBS_POLL_SECONDS ?? 2)),
    },
  };
}

/** The clock of business rules: the machine's, or one started at `clockStart` and running on from there. */
export function businessClock(clockStart?: string): () => Date {
  if (!clockStart) return () => new Date();
  const start = new Date(clockStart).getTime();
  if (Number.isNaN(start)) throw new Error(`JUNKAN_CLOCK is not an instant: ${clockStart}`);
  const bootedAt = Date.now();
  return () => new Date(start + (Date.now() - bootedAt));
}
