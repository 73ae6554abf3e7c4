import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { appSecrets, companies, users } from './db/schema';
import { resolveSigningSecret } from './lib/signing-secret';
import { prepareStartup } from './startup';

const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'junkan-startup-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function freshDatabase(): Promise<string> {
  const name = `junkan_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('signing secret', () => {
  it('adopts the jwt-secret file of earlier versions once, then keeps the stored one; JWT_SECRET wins', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'secret-of-earlier-sign-ins\n');
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
    const first = await prepareStartup(loadConfig(env));
    expect(first.config.jwtSecret).toBe('secret-of-earlier-sign-ins');
    await first.database.close();
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'changed-file-is-ignored');
    const again = await prepareStartup(loadConfig(env));
    expect(again.config.jwtSecret).toBe('secret-of-earlier-sign-ins');
    expect(await resolveSigningSecret(again.database.db, { dataDir, fromEnv: 'from-the-environment' })).toBe(
      'from-the-environment',
    );
    await again.database.close();
  });
});

describe('card provider keys', () => {
  it('with the embedded database, come from the data folder when not given; given ones win', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
    const first = await prepareStartup(loadConfig(env));
    await first.database.close();
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'card-provider-keys.json'), 'utf8'));
    expect(first.config.cardProvider).toMatchObject(stored);
    expect(stored.secretKey).toMatch(/^sk_test_/);
    const given = await prepareStartup(loadConfig({ ...env, CARD_PROVIDER_SECRET_KEY: 'sk_given' }));
    await given.database.close();
    expect(given.config.cardProvider).toMatchObject({ ...stored, secretKey: 'sk_given' });
  });
});

// Several processes on one server: PostgreSQL only.
describe.skipIf(!serverUrl)('processes starting together on an empty PostgreSQL database', () => {
  it('both come up, the data is seeded once and they share one generated signing secret', async () => {
    const databaseUrl = await freshDatabase();
    const env = {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      // Required with DATABASE_URL (the provider issues them; nothing generates them on a shared database).
      CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_startup',
      CARD_PROVIDER_SECRET_KEY: 'sk_test_startup',
      CARD_PROVIDER_WEBHOOK_SECRET: 'whsec_test_startup',
    };
    const started = await Promise.all([
      prepareStartup(loadConfig({ ...env, DATA_DIR: tempDir() })),
      prepareStartup(loadConfig({ ...env, DATA_DIR: tempDir() })),
      prepareStartup(loadConfig({ ...env, DATA_DIR: tempDir() })),
    ]);
    try {
      expect(started.filter((s) => s.demoLoaded)).toHaveLength(1);
      const db = started[0]!.database.db;
      const [admins] = await db
        .select({ n: count() })
        .from(users)
        .where(eq(users.email, 'admin@example.com'));
      expect(admins?.n).toBe(1);
      const [companyCount] = await db.select({ n: count() }).from(companies);
      const [again] = await started[1]!.database.db.select({ n: count() }).from(companies);
      expect(again?.n).toBe(companyCount?.n);
      const secrets = new Set(started.map((s) => s.config.jwtSecret));
      expect(secrets.size).toBe(1);
      expect(await db.select().from(appSecrets)).toHaveLength(1);
    } finally {
      for (const s of started) await s.database.close();
    }
  }, 120_000);
});
