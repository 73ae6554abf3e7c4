import { createHmac, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { MAIL_QUEUE } from '../src/plugins/mail';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { copyDatabaseTemplate, emptyDatabase, seedTestDatabase } from './db-template';
import { multipartBody } from './fixtures/upload-files';
import { startSmtpSink } from './smtp-sink';

/** The card provider keys of test apps; a card simulator started with them agrees with the app. */
export const TEST_CARD_KEYS = {
  publishableKey: 'pk_test_junkan',
  secretKey: 'sk_test_junkan',
  webhookSecret: 'whsec_test_junkan',
} as const;

/** The service's own endpoints outside `/api` (health, readiness), called as they are. */
const SERVICE_PATHS = /^\/(healthz|readyz)(\?|$)/;

/** Who calls: a demo user by name or email, or a token the test holds. */
export type Caller = string | { token: string };
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type InjectPayload = string | object | Buffer | undefined;
interface UploadOptions {
  field?: string;
  contentType?: string;
  method?: 'POST' | 'PUT';
}

/**
 * Builds the real app on a fresh database with the demo data: an in-memory PGlite by default, or,
 * when TEST_DATABASE_URL names a PostgreSQL server, a database created for this app and dropped after. Both are
 * copies of the run's template (db-template.ts), made once by the global setup.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildAppOptions, 'now' | 'jwnetAdapter' | 'cardProvider' | 'logger'> & {
    /** Date the demo data by the test's business clock (`now`), as a server seeds it; else by the machine's. */
    datedDemo?: boolean;
  } = {},
) {
  const smtp = await startSmtpSink();
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('databaseTemplate');
  if (!template)
    throw new Error('the API tests start from the template of their global setup (vitest.config.ts)');
  // Demo data dated by the test's own clock cannot come from the template: a database of its own, seeded here.
  const dated = options.datedDemo && options.now ? options.now : undefined;
  const copy = dated ? await emptyDatabase(serverUrl) : await copyDatabaseTemplate(template, serverUrl);
  const databaseUrl = copy.databaseUrl;
  const dropDatabase = copy.drop;
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', loadDataDir: copy.loadDataDir });
  if (dated) await seedTestDatabase(database.db, dated);
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    databaseUrl,
    jwtSecret: `test-secret-${randomUUID()}`,
    smtpUrl: smtp.url,
    mailFrom: 'junkan <no-reply@junkan.test>',
    publicUrl: 'http://junkan.test',
    logLevel: 'silent',
    seedDemo: true,
    webDist: '/nonexistent',
    trustProxy: false,
    // Tests write users, companies and sign-ins directly and expect the next call to see it: no cache unless a
    // test asks for one (session-cache.test.ts does, with the announced changes).
    sessionCacheMs: 0,
    compressThreshold: 1024,
    loginRateLimit: { max: 5, windowMs: 60_000 },
    mailRateLimit: { max: 100, windowMs: 60_000 },
    // Nothing listens here unless a test starts a simulator and passes its address.
    jwnet: { url: 'http://127.0.0.1:9', timeoutMs: 2_000, pollMs: 1_000 },
    // Tests run jobs themselves: the calendar with the date they need (advanceContracts), the network's work
    // through the harness, mail after each call (below).
    jobs: { work: false, poolMax: 2, pollSeconds: 0.5 },
    fileStorage: { driver: 'database' },
    shutdown: { timeoutMs: 10_000, drainMs: 0 },
    // Nothing listens here either: card tests start the card simulator with these keys and pass its address.
    cardProvider: {
      provider: 'simulator',
      url: 'http://127.0.0.1:9',
      publicUrl: 'http://127.0.0.1:9',
      ...TEST_CARD_KEYS,
      timeoutMs: 2_000,
    },
    ...overrides,
  };
  const { datedDemo: _dated, ...appOptions } = options;
  const app = await buildApp(config, database, { logger: false, ...appOptions });
  await app.ready();

  async function login(email: string, password = DEMO_PASSWORD): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string }>().token;
  }

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /**
   * Runs the mail jobs that are due, as a worker would: the kit calls it after each call, so a test reads the
   * SMTP sink right after the call that mailed. A failed delivery waits for its retry, as it would in a server.
   * Once a test has stopped the job engine, nothing is delivered (as in a server whose engine stopped).
   */
  const deliverMail = async () => {
    if (config.smtpUrl && app.jobs.running) await app.jobs.runDue(MAIL_QUEUE);
  };

  // One sign-in per user and file: tokens last 30 minutes, longer than any test file runs.
  const tokens = new Map<string, Promise<string>>();
  const emailOf = (user: string) => (user.includes('@') ? user : `${user}@example.com`);
  const tokenOf = (email: string) => {
    let token = tokens.get(email);
    if (!token) {
      token = login(email);
      token.catch(() => tokens.delete(email));
      tokens.set(email, token);
    }
    return token;
  };

  /** The calls of one caller: `tokenFor` gives the bearer token, or null for a caller without one. */
  function client(tokenFor: (() => Promise<string>) | null) {
    const call = async (
      method: ApiMethod,
      url: string,
      payload?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const res = await app.inject({
        method,
        url:
          url.startsWith('/api/') || SERVICE_PATHS.test(url)
            ? url
            : `/api${url.startsWith('/') ? '' : '/'}${url}`,
        headers: { ...(tokenFor ? auth(await tokenFor()) : {}), ...headers },
        payload: payload as InjectPayload,
      });
      await deliverMail();
      return res;
    };
    return {
      get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
      post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
        call('POST', url, payload, headers),
      put: (url: string, payload?: unknown, headers?: Record<string, string>) =>
        call('PUT', url, payload, headers),
      patch: (url: string, payload?: unknown, headers?: Record<string, string>) =>
        call('PATCH', url, payload, headers),
      delete: (url: string, payload?: unknown, headers?: Record<string, string>) =>
        call('DELETE', url, payload, headers),
      /** A multipart upload of one file under `field` (default `file`), with `method` POST unless given. */
      upload: (url: string, fileName: string, content: Buffer, options: UploadOptions = {}) => {
        const body = multipartBody(fileName, content, options.field, options.contentType);
        return call(options.method ?? 'POST', url, body.payload, body.headers);
      },
      /** Any method, for tables of calls: `for (const c of calls) await t.as(user).send(c)`. */
      send: (request: {
        method: ApiMethod;
        url: string;
        payload?: unknown;
        headers?: Record<string, string>;
      }) => call(request.method, request.url, request.payload, request.headers),
    };
  }

  /**
   * Calls the API as a demo user (signed in once per file), with a token the test holds, or with no token at all
   * (null): `as(user).get(url)`. `url` is under `/api`, given with or without that prefix (the service's own
   * `/healthz` and `/readyz` excepted).
   */
  function as(who: Caller): ReturnType<typeof client> & { token: () => Promise<string> };
  function as(who: Caller | null): ReturnType<typeof client>;
  function as(who: Caller | null) {
    if (who === null) return client(null);
    const tokenFor = () => (typeof who === 'string' ? tokenOf(emailOf(who)) : Promise.resolve(who.token));
    return { ...client(tokenFor), token: tokenFor };
  }

  /** Calls the API without a token: the public calls (sign-in, links from mails) and the 401 checks. */
  const anonymous = client(null);

  /** Drops the sign-in `as(user)` holds, once a test has ended the user's sessions (password change, disabling). */
  const forget = (user: string) => tokens.delete(emailOf(user));

  const siblings: { close(): Promise<void> }[] = [];
  /**
   * Another server process on the same database: on PostgreSQL its own connections, job engine, events listener,
   * session cache and limiters; on PGlite (one process by nature) the same handle. This app's config with
   * `overrides`; closed with this app.
   */
  async function sibling(
    overrides: Partial<AppConfig> = {},
    siblingOptions: Pick<BuildAppOptions, 'now' | 'jwnetAdapter' | 'cardProvider' | 'logger'> = appOptions,
  ) {
    const own = databaseUrl ? await openDatabase({ databaseUrl, dataDir: 'memory://' }) : undefined;
    const app2 = await buildApp({ ...config, ...overrides }, own ?? database, {
      logger: false,
      ...siblingOptions,
    }).catch(async (err) => {
      await own?.close();
      throw err;
    });
    await app2.ready();
    const handle = {
      app: app2 as App,
      db: (own ?? database).db,
      close: async () => {
        await app2.close();
        await own?.close();
      },
    };
    siblings.push(handle);
    return handle;
  }

  async function close() {
    for (const s of siblings) await s.close();
    await app.close();
    await database.close();
    await smtp.close();
    await dropDatabase();
  }

  return {
    app: app as App,
    db: database.db,
    database,
    smtp,
    login,
    auth,
    as,
    anonymous,
    forget,
    deliverMail,
    sibling,
    close,
    config,
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** Signs an HS256 token by hand, so tests can make expired or otherwise odd tokens with the real secret. */
export function signRawToken(secret: string, claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Decodes a JWT payload without verifying it (tests read the claims the server signed). */
export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}
