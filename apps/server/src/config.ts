import path from 'node:path';
import { SERVER_ROOT } from './lib/server-root';
import type { FileStorageConfig } from './plugins/file-storage';

export interface AppConfig {
  port: number;
  host: string;
  /** Folder of the embedded database and generated secrets. */
  dataDir: string;
  /** PostgreSQL server; when absent, the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  /** Token signing secret: JWT_SECRET, or the one kept in the database (lib/signing-secret.ts). */
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
  /** Fastify `trustProxy`: whose X-Forwarded-For to believe for the client address (limiters, logs). */
  trustProxy: boolean | number | string[];
  /** Redis for the limiters' counts; PostgreSQL (the rate_limit_buckets table) when absent. */
  redisUrl?: string;
  /** How long a loaded session is reused before it is read again (0: never cached). */
  sessionCacheMs: number;
  /** This release's name, shown with each process on the operations screen (`JUNKAN_VERSION`). */
  version?: string;
  /** The bearer token `GET /metrics` asks for (`METRICS_TOKEN`); without it the metrics are off (404). */
  metricsToken?: string;
  /** API answers at least this many bytes are sent compressed (gzip/brotli) to clients that accept it. */
  compressThreshold: number;
  loginRateLimit: { max: number; windowMs: number };
  /** Calls that send mail to an address the caller names (sign-up, password reset), per client address. */
  mailRateLimit: { max: number; windowMs: number };
  /**
   * Where the business clock starts (ISO instant), for demos and end-to-end tests that need a given time of
   * day (the network's 07:00-19:00 window); it then runs on in real time, the same in every process (kept in the
   * database: lib/clock.ts). Absent: the machine's clock.
   */
  clockStart?: string;
  /** The manifest network (or its simulator): address, answer timeout, how soon a sent request is polled. */
  jwnet: {
    url: string;
    timeoutMs: number;
    /** How soon a sent request is asked for its result. */
    pollMs: number;
  };
  /** The card payment provider (or its simulator): see plugins/card-provider. */
  cardProvider: CardProviderConfig;
  /** Where uploaded and generated files are kept: the database (default), a folder, or an S3-compatible bucket. */
  fileStorage: FileStorageConfig;
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
  /** Stopping on SIGTERM/SIGINT (shutdown.ts). */
  shutdown: {
    /** The whole stop is bounded by this: past it the process exits anyway (`SHUTDOWN_TIMEOUT_MS`, 25 s). */
    timeoutMs: number;
    /**
     * How long the process keeps serving, readiness already 503, before it stops accepting
     * (`SHUTDOWN_DRAIN_MS`, 0): the time a load balancer needs to see it and send new requests elsewhere.
     */
    drainMs: number;
  };
}

export const CARD_PROVIDERS = ['simulator'] as const;

export interface CardProviderConfig {
  /** `CARD_PROVIDER`: which client speaks to the provider (only the simulator's API so far). */
  provider: (typeof CARD_PROVIDERS)[number];
  /** API base the server calls. */
  url: string;
  /** Browser-facing base of the hosted card form and 3-D Secure pages. */
  publicUrl: string;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  /** Per call; past it the call counts as unavailable. */
  timeoutMs: number;
}

type CardKeyName = 'publishableKey' | 'secretKey' | 'webhookSecret';

/**
 * The configuration before the database opens: the signing secret is known only when JWT_SECRET is set, and the
 * card provider's keys only when given (with the embedded database, startup.ts fills them from the data folder).
 */
export type LoadedConfig = Omit<AppConfig, 'jwtSecret' | 'cardProvider'> & {
  jwtSecret?: string;
  cardProvider: Omit<CardProviderConfig, CardKeyName> & Partial<Pick<CardProviderConfig, CardKeyName>>;
};

const CARD_KEY_VARIABLES: Record<CardKeyName, string> = {
  publishableKey: 'CARD_PROVIDER_PUBLISHABLE_KEY',
  secretKey: 'CARD_PROVIDER_SECRET_KEY',
  webhookSecret: 'CARD_PROVIDER_WEBHOOK_SECRET',
};

/**
 * `CARD_PROVIDER*`. The keys come from the provider, so they cannot be made up here: on PostgreSQL (a shared,
 * production-like set-up) a missing one stops the start; with the embedded database they fall back to the
 * development keys of the data folder (startup.ts).
 */
function cardProviderConfig(
  env: NodeJS.ProcessEnv,
  databaseUrl: string | undefined,
): LoadedConfig['cardProvider'] {
  const provider = env.CARD_PROVIDER || 'simulator';
  if (!(CARD_PROVIDERS as readonly string[]).includes(provider))
    throw new Error(`CARD_PROVIDER must be one of ${CARD_PROVIDERS.join(', ')}, not ${provider}`);
  const keys = Object.fromEntries(
    Object.entries(CARD_KEY_VARIABLES).map(([key, variable]) => [key, env[variable] || undefined]),
  ) as Partial<Pick<CardProviderConfig, CardKeyName>>;
  const missing = Object.entries(CARD_KEY_VARIABLES)
    .filter(([key]) => !keys[key as CardKeyName])
    .map(([, variable]) => variable);
  if (databaseUrl && missing.length) throw new Error(`With DATABASE_URL, set ${missing.join(', ')}`);
  const timeoutMs = Number(env.CARD_PROVIDER_TIMEOUT_MS || 10_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new Error('CARD_PROVIDER_TIMEOUT_MS must be a whole number of milliseconds');
  const url = (env.CARD_PROVIDER_URL || 'http://127.0.0.1:3310').replace(/\/+$/, '');
  return {
    provider: provider as CardProviderConfig['provider'],
    url,
    publicUrl: (env.CARD_PROVIDER_PUBLIC_URL || url).replace(/\/+$/, ''),
    timeoutMs,
    ...keys,
  };
}

/** `true`, a hop count, or addresses/CIDRs separated by commas; off when unset (see TRUST_PROXY in .env.example). */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = value?.trim() ?? '';
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    jwtSecret: env.JWT_SECRET || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL || undefined,
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 5_000),
    metricsToken: env.METRICS_TOKEN || undefined,
    version: env.JUNKAN_VERSION || undefined,
    compressThreshold: Number(env.COMPRESS_THRESHOLD ?? 1024),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'junkan <no-reply@junkan.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== 'false',
    webDist: path.resolve(env.WEB_DIST ?? path.join(SERVER_ROOT, '../web/dist')),
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
    cardProvider: cardProviderConfig(env, databaseUrl),
    fileStorage: fileStorageConfig(env, dataDir),
    jobs: {
      work: env.JOBS !== 'false',
      poolMax: Number(env.JOBS_POOL_MAX ?? 2),
      pollSeconds: Math.max(0.5, Number(env.JOBS_POLL_SECONDS ?? 2)),
    },
    shutdown: {
      timeoutMs: wholeMs(env, 'SHUTDOWN_TIMEOUT_MS', 25_000),
      drainMs: wholeMs(env, 'SHUTDOWN_DRAIN_MS', 0),
    },
  };
}

function wholeMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of milliseconds`);
  return value;
}
