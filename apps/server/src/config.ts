import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileStorageConfig } from './plugins/file-storage';

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
  /** Runs the contract calendar (start dates, renewals, period ends) at start and hourly. */
  contractCalendar: boolean;
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
  /** The manifest network (or its simulator): address, answer timeout, and the worker that sends queued work. */
  jwnet: {
    url: string;
    timeoutMs: number;
    /** Runs the worker in this process; tests drive it themselves. */
    worker: boolean;
    /** How often the worker looks for due work. */
    workerIntervalMs: number;
    /** How soon a sent request is asked for its result. */
    pollMs: number;
  };
  /** Where uploaded and generated files are kept: the database (default), a folder, or an S3-compatible bucket. */
  fileStorage: FileStorageConfig;
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

/** `FILE_STORAGE` and its settings; a driver named without its settings stops the start. */
function fileStorageConfig(env: NodeJS.ProcessEnv, dataDir: string): FileStorageConfig {
  const driver = env.FILE_STORAGE || 'database';
  if (driver !== 'database' && driver !== 'disk' && driver !== 's3')
    throw new Error(`FILE_STORAGE must be database, disk or s3, not ${driver}`);
  if (driver === 's3' && !env.S3_BUCKET) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET');
  const dir = env.FILE_STORAGE_DIR || (driver === 'disk' ? path.join(dataDir, 'files') : undefined);
  return {
    driver,
    dir: dir ? path.resolve(dir) : undefined,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT || undefined,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
  };
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
    contractCalendar: env.CONTRACT_CALENDAR !== 'false',
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
      worker: env.JWNET_WORKER !== 'false',
      workerIntervalMs: Number(env.JWNET_WORKER_INTERVAL_MS ?? 5_000),
      pollMs: Number(env.JWNET_POLL_MS ?? 30_000),
    },
    fileStorage: fileStorageConfig(env, dataDir),
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
