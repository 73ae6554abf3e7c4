import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/seed/demo';
import { seedReferenceData } from '../src/seed/reference';

/**
 * The API tests' database template: migrated and seeded with the reference and demo data once per run (by the
 * global setup), then copied for each test app instead of migrating and seeding again. On PostgreSQL a template
 * database (`CREATE DATABASE ... TEMPLATE`); on PGlite a dumped data folder in a file.
 */
export type DatabaseTemplate = { kind: 'postgres'; name: string } | { kind: 'pglite'; file: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate | null;
  }
}

/**
 * What every test database holds before its tests: the migrations, the reference data and the demo data (dated by
 * `now` when given, else by the machine's clock as the template is).
 */
export async function seedTestDatabase(
  db: Parameters<typeof seedDemoData>[0],
  now?: () => Date,
): Promise<void> {
  await seedReferenceData(db);
  await seedDemoData(db, { contractDocuments: false, ...(now ? { now } : {}) });
}

async function withServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the server at `serverUrl`. */
export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Builds the template; returns it with the function that removes it at the end of the run. */
export async function buildDatabaseTemplate(
  serverUrl: string | undefined,
): Promise<{ template: DatabaseTemplate; remove: () => Promise<void> }> {
  if (serverUrl) {
    const name = `junkan_template_${randomUUID().replaceAll('-', '')}`;
    await withServer(serverUrl, (c) => c.query(`create database ${name}`));
    const database = await openDatabase({
      databaseUrl: databaseUrlOf(serverUrl, name),
      dataDir: 'memory://',
    });
    try {
      await seedTestDatabase(database.db);
    } finally {
      await database.close();
    }
    return {
      template: { kind: 'postgres', name },
      remove: () =>
        withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const file = path.join(os.tmpdir(), `junkan-test-template-${randomUUID()}.tar`);
  try {
    await seedTestDatabase(database.db);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return { template: { kind: 'pglite', file }, remove: () => rm(file, { force: true }) };
}

type TestDatabase = { databaseUrl?: string; loadDataDir?: Blob; drop: () => Promise<void> };

/** A new database on the server, empty or copied from `template`, with the function that drops it. */
async function createServerDatabase(serverUrl: string, template?: string): Promise<TestDatabase> {
  const name = `junkan_test_${randomUUID().replaceAll('-', '')}`;
  await withServer(serverUrl, (c) =>
    c.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  return {
    databaseUrl: databaseUrlOf(serverUrl, name),
    drop: () =>
      withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/** A new empty database (PostgreSQL), or nothing to start from (PGlite), for a test that seeds its own. */
export async function emptyDatabase(serverUrl: string | undefined): Promise<TestDatabase> {
  return serverUrl ? createServerDatabase(serverUrl) : { drop: async () => {} };
}

// A worker runs many files one after another (isolation is off): it reads the PGlite dump once.
const dumps = new Map<string, Promise<Blob>>();

/**
 * A fresh database copied from the template, for one test app: its address on PostgreSQL (with the function that
 * drops it), or the PGlite dump to start from.
 */
export async function copyDatabaseTemplate(
  template: DatabaseTemplate,
  serverUrl: string | undefined,
): Promise<TestDatabase> {
  if (template.kind === 'pglite') {
    let dump = dumps.get(template.file);
    if (!dump) {
      dump = readFile(template.file).then((bytes) => new Blob([bytes]));
      dumps.set(template.file, dump);
    }
    return { loadDataDir: await dump, drop: async () => {} };
  }
  if (!serverUrl) throw new Error('a PostgreSQL template needs TEST_DATABASE_URL');
  return createServerDatabase(serverUrl, template.name);
}
