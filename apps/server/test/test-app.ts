import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { type App, type BuildAppOptions, buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/demo';
import { seedReferenceData } from '../src/seed/reference';
import { multipartBody } from './fixtures/upload-files';
import { startSmtpSink } from './smtp-sink';

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
 * when TEST_DATABASE_URL names a PostgreSQL server, a database created for this file and dropped after.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildAppOptions, 'now' | 'jwnetAdapter' | 'logger'> = {},
) {
  const smtp = await startSmtpSink();
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `junkan_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  await seedReferenceData(database.db);
  await seedDemoData(database.db, { contractDocuments: false });
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
    // Tests run the calendar themselves with the date they need (advanceContracts).
    contractCalendar: false,
    webDist: '/nonexistent',
    loginRateLimit: { max: 5, windowMs: 60_000 },
    mailRateLimit: { max: 100, windowMs: 60_000 },
    // Nothing listens here unless a test starts a simulator and passes its address; tests run the worker.
    jwnet: {
      url: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
      worker: false,
      workerIntervalMs: 1_000,
      pollMs: 1_000,
    },
    fileStorage: { driver: 'database' },
    ...overrides,
  };
  const app = await buildApp(config, database, { logger: false, ...options });
  await app.ready();

  async function login(email: string, password = DEMO_PASSWORD): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string }>().token;
  }

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

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
    ) =>
      app.inject({
        method,
        url: url.startsWith('/api/') ? url : `/api${url.startsWith('/') ? '' : '/'}${url}`,
        headers: { ...(tokenFor ? auth(await tokenFor()) : {}), ...headers },
        payload: payload as InjectPayload,
      });
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
   * (null): `as(user).get(url)`. `url` is under `/api`, given with or without that prefix.
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

  async function close() {
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
