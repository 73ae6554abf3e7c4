/**
 * Captures the exact SQL (text and values) the product runs for a call, through Drizzle's logger, by building the
 * real app in-process on the bench's database and calling it once signed in. The bench's reference route then
 * runs the same statements (bench/reference-server.ts). The sign-in made here is the one every measured request
 * uses: the token is signed with the bench's JWT_SECRET, which the server and the reference are started with.
 */
import { drizzle } from 'drizzle-orm/pglite';
import { buildApp } from '../apps/server/src/app';
import { type AppConfig, loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { openDatabase } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { sessionQuery } from '../apps/server/src/plugins/session-load';

export interface Statement {
  text: string;
  values: unknown[];
}

export interface CapturedCalls {
  token: string;
  /** The token check's statement (the session load), with this sign-in's values. */
  session: Statement;
  /** Per URL, the statements the call runs after the token check, in order. */
  calls: Record<string, Statement[]>;
}

/** The session load's SQL text, as the auth plugin prepares it. */
const SESSION_SQL = sessionQuery(drizzle.mock({ schema }) as unknown as Database).toSQL().sql;

export async function captureCalls(opts: {
  dataDir: string;
  databaseUrl?: string;
  env: Record<string, string>;
  email: string;
  password: string;
  urls: string[];
}): Promise<CapturedCalls> {
  const log: Statement[] = [];
  const loaded = loadConfig({
    ...process.env,
    ...opts.env,
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    JOBS: 'false',
  });
  const database = await openDatabase({
    ...loaded,
    logger: { logQuery: (text, values) => void log.push({ text, values }) },
  });
  const { publishableKey, secretKey, webhookSecret } = loaded.cardProvider;
  if (!loaded.jwtSecret || !publishableKey || !secretKey || !webhookSecret)
    throw new Error('capture: JWT_SECRET and the card keys must be given');
  const config: AppConfig = {
    ...loaded,
    jwtSecret: loaded.jwtSecret,
    cardProvider: { ...loaded.cardProvider, publishableKey, secretKey, webhookSecret },
  };
  const app = await buildApp(config, database, { logger: false });
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: opts.email, password: opts.password },
    });
    if (login.statusCode !== 200)
      throw new Error(`capture: login answered ${login.statusCode}: ${login.body}`);
    const { token } = login.json() as { token: string };
    let session: Statement | undefined;
    const calls: Record<string, Statement[]> = {};
    for (const url of opts.urls) {
      log.length = 0;
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200)
        throw new Error(`capture: GET ${url} answered ${res.statusCode}: ${res.body}`);
      session ??= log.find((s) => s.text === SESSION_SQL);
      calls[url] = log.filter((s) => s.text !== SESSION_SQL);
    }
    if (!session) throw new Error('capture: the session load was not seen');
    return { token, session, calls };
  } finally {
    await app.close();
    await database.close();
  }
}
