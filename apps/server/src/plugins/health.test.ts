import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('health and readiness', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('/healthz answers 200 without a token', async () => {
    const res = await t.anonymous.get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 with every part ok, without a token', async () => {
    const res = await t.anonymous.get('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      failing: [],
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok', files: 'ok' },
    });
  });

  it('/readyz answers 503 naming the migrations when the database lacks the newest one', async () => {
    const [newest] = (
      await t.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const res = await t.anonymous.get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', failing: ['migrations'] });
      expect(res.json().checks).toMatchObject({
        database: 'ok',
        migrations: 'failing',
        jobs: 'ok',
        files: 'ok',
      });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await t.anonymous.get('/readyz')).statusCode).toBe(200);
  });

  it('/readyz answers 503 shutting_down once the process begins to stop, while /healthz stays 200', async () => {
    t.app.lifecycle.shuttingDown = true;
    try {
      const res = await t.anonymous.get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'shutting_down', failing: [] });
      expect((await t.anonymous.get('/healthz')).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });

  // Last: the engine is not started again.
  it('/readyz answers 503 naming the job engine once it has stopped', async () => {
    await t.app.jobs.stop();
    const res = await t.anonymous.get('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not_ready', failing: ['jobs'] });
  });
});

describe('readiness with a file storage that cannot be written', () => {
  let t: TestContext;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'junkan-health-'));
    // The storage folder would be under a plain file: it can be neither made nor written.
    writeFileSync(path.join(dir, 'not-a-folder'), '');
    t = await createTestApp({
      fileStorage: { driver: 'disk', dir: path.join(dir, 'not-a-folder', 'files') },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 naming the files', async () => {
    const res = await t.anonymous.get('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not_ready',
      failing: ['files'],
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok', files: 'failing' },
    });
    // The answer is public: it names the part, never the error.
    expect(res.body).not.toContain('not-a-folder');
  });
});
