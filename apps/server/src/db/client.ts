import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../lib/server-root';
import * as schema from './schema';

export type Database = PgliteDatabase<typeof schema>;
/** A transaction handle; the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's address (for connections of their own: events, locks). */
  databaseUrl?: string;
  /**
   * Runs `fn` while holding the start-up lock, so that processes starting together on one database migrate and
   * seed one after another. PGlite has one process: `fn` just runs.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** The connection pool's counts now (PostgreSQL; the embedded database has one connection and no pool). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Key of the PostgreSQL advisory lock held while migrating and seeding (any constant shared by all processes). */
const STARTUP_LOCK_KEY = 7_305_180_042;

/**
 * Holds a session-level advisory lock on a connection of its own (not the pool's: the pool would hand the
 * locked connection to other queries) while `fn` runs.
 */
async function withAdvisoryLock<T>(connectionString: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, application_name: 'junkan-startup-lock' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Opens the database and applies the migrations. With a URL, a PostgreSQL server;
 * otherwise PGlite in `dataDir` (or in memory for `memory://`), started from `loadDataDir` (a data folder
 * PGlite dumped, as the API tests' template) when given.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  loadDataDir?: Blob;
  /** Sees every statement with its values (the bench reads the SQL a call runs). */
  logger?: Logger;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, admin command) must not crash the process:
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = drizzleNodePg(pool, { schema, logger: opts.logger }) as unknown as Database;
    const url = opts.databaseUrl;
    try {
      await withAdvisoryLock(url, () => migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      databaseUrl: url,
      withStartupLock: (fn) => withAdvisoryLock(url, fn),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.dataDir === 'memory://') {
    client = await PGlite.create(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  } else {
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: dir });
  }
  const db = drizzlePglite(client, { schema, logger: opts.logger });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: 'pglite', withStartupLock: (fn) => fn(), close: () => client.close() };
}
