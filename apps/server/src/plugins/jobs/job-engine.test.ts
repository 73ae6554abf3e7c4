import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { scheduledJobRuns } from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { JobEngine, type JobEngineOptions, takeoverBoundSeconds } from './job-engine';

const log = { warn: () => {}, error: (o: object) => console.error('job engine', o) };

/** Waits for `check` to hold, asking every 100 ms, failing after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

let t: TestContext;
const engines: JobEngine[] = [];
/** A second engine on the app's database (PGlite or PostgreSQL), with its own queues. */
function engine(work = false, schedule: Partial<Pick<JobEngineOptions, 'now' | 'registry'>> = {}) {
  const e = new JobEngine(t.database, t.config.databaseUrl, {
    work,
    poolMax: 2,
    pollSeconds: 0.5,
    cronSeconds: 1,
    registry: [],
    ...schedule,
    log,
  });
  engines.push(e);
  return e;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const e of engines) await e.stop();
  await t.close();
});

describe(`the job engine (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("takes over every queue's job from a process that died within a minute", () => {
    // Heartbeat lapse, supervisor pass, first retry and a poll: for the network's queue, mail, every scheduled job.
    const bounds = t.app.jobs
      .definitions()
      .map((q) => [q.name, takeoverBoundSeconds(q, t.config.jobs.pollSeconds)] as const)
      .filter(([, seconds]) => seconds > 60);
    expect(t.app.jobs.definitions().length).toBeGreaterThan(5);
    expect(bounds).toEqual([]);
  });

  it('sends, defers, keeps one job per key, and runs what is due', async () => {
    const e = engine();
    const ran: string[] = [];
    e.define<{ v: string }>({
      name: 'test-stately',
      policy: 'stately',
      handler: async ({ v }) => void ran.push(v),
    });
    e.define<{ v: string }>({ name: 'test-standard', handler: async ({ v }) => void ran.push(v) });
    await e.start();

    expect(await e.send('test-stately', { v: 'a' }, { singletonKey: 'k' })).not.toBeNull();
    // One queued job per key: the second is dropped, another key is not.
    expect(await e.send('test-stately', { v: 'b' }, { singletonKey: 'k' })).toBeNull();
    expect(await e.send('test-stately', { v: 'c' }, { singletonKey: 'other' })).not.toBeNull();
    await e.send('test-standard', { v: 'later' }, { startAfter: new Date(Date.now() + 3_600_000) });

    expect(await e.runDue('test-stately')).toBe(2);
    expect(ran.sort()).toEqual(['a', 'c']);
    expect(await e.runDue('test-standard')).toBe(0);
    expect(await e.runDue('test-standard', { ignoreStartAfter: true })).toBe(1);
    expect(ran).toContain('later');
    await expect(e.send('no-such-queue', {})).rejects.toThrow('no queue');
  });

  it('writes a job in the caller transaction: none when it rolls back', async () => {
    const e = engine();
    const ran: number[] = [];
    e.define<{ n: number }>({ name: 'test-tx', handler: async ({ n }) => void ran.push(n) });
    await e.start();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await e.send('test-tx', { n: 1 }, { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db.transaction(async (tx) => {
      await e.send('test-tx', { n: 2 }, { tx });
    });
    expect(await e.runDue('test-tx')).toBe(1);
    expect(ran).toEqual([2]);
  });

  it('retries a job whose handler failed', async () => {
    const e = engine();
    let calls = 0;
    e.define({
      name: 'test-retry',
      retryLimit: 1,
      retryDelaySeconds: 60,
      handler: async () => {
        calls++;
        if (calls === 1) throw new Error('first attempt fails');
      },
    });
    await e.start();
    await e.send('test-retry', {});
    expect(await e.runDue('test-retry')).toBe(1);
    // The retry waits its delay.
    expect(await e.runDue('test-retry')).toBe(0);
    expect(await e.runDue('test-retry', { ignoreStartAfter: true })).toBe(1);
    expect(calls).toBe(2);
    expect(await e.runDue('test-retry', { ignoreStartAfter: true })).toBe(0);
  });

  it('works jobs in the background and runs a daily job once per business day at its Japan time', async () => {
    // The business clock, far from the machine's: 08:59:58 in Japan on a past Monday.
    let clock = new Date('2026-03-02T08:59:58+09:00').getTime();
    const booted = Date.now();
    const now = () => new Date(clock + (Date.now() - booted));
    const registry = [{ name: 'test-daily', schedule: { daily: '09:00' }, description: 'test' }];
    expect(() =>
      engine(false, {
        now,
        registry: [{ name: 'test-bad', schedule: { daily: '24:00' }, description: '' }],
      }).defineScheduled('test-bad', async () => {}),
    ).toThrow('HH:MM');
    const a = engine(true, { now, registry });
    const b = engine(true, { now, registry });
    const worked: string[] = [];
    const daily: string[] = [];
    a.define<{ v: string }>({ name: 'test-bg', handler: async ({ v }) => void worked.push(v) });
    a.defineScheduled('test-daily', async () => void daily.push(`a ${tokyoDate(now())}`));
    b.defineScheduled('test-daily', async () => void daily.push(`b ${tokyoDate(now())}`));
    await a.start();
    await b.start();
    await a.send('test-bg', { v: 'x' });
    await until(() => worked.length === 1);
    // Before 09:00 nothing runs; from 09:00 exactly one of the two engines runs it.
    expect(daily).toEqual([]);
    await until(() => daily.length > 0);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(daily.map((d) => d.slice(2))).toEqual(['2026-03-02']);
    // The next business day at 10:00 (later than its time: it runs at once), once again.
    clock += 25 * 60 * 60 * 1000;
    await until(() => daily.length > 1);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(daily.map((d) => d.slice(2))).toEqual(['2026-03-02', '2026-03-03']);
    const runs = await t.db
      .select({ slot: scheduledJobRuns.slot, status: scheduledJobRuns.status })
      .from(scheduledJobRuns)
      .where(eq(scheduledJobRuns.jobName, 'test-daily'))
      .orderBy(scheduledJobRuns.id);
    expect(runs).toEqual([
      { slot: '2026-03-02', status: 'SUCCEEDED' },
      { slot: '2026-03-03', status: 'SUCCEEDED' },
    ]);
  }, 30_000);

  it('stops gracefully: a running job finishes within the grace, one still running after it is handed back', async () => {
    const e = engine(true);
    const started: string[] = [];
    const finished: string[] = [];
    e.define<{ v: string }>({
      name: 'test-graceful',
      retryLimit: 2,
      handler: async ({ v }) => {
        started.push(v);
        // `quick` takes a second; `stuck` outlasts any grace.
        await new Promise((r) => setTimeout(r, v === 'quick' ? 1_000 : 60_000).unref());
        finished.push(v);
      },
    });
    await e.start();
    await e.send('test-graceful', { v: 'quick' });
    await until(() => started.includes('quick'));
    await e.send('test-graceful', { v: 'stuck' });
    await until(() => started.includes('stuck'));
    expect(e.running).toBe(true);
    await e.stop(3_000);
    expect(e.running).toBe(false);
    expect(finished).toEqual(['quick']);

    // The stuck one went back to the queue: another process's engine works it.
    const other = engine(true);
    const reworked: string[] = [];
    other.define<{ v: string }>({
      name: 'test-graceful',
      retryLimit: 2,
      handler: async ({ v }) => void reworked.push(v),
    });
    await other.start();
    await until(() => reworked.includes('stuck'), 30_000);
    expect(reworked).toEqual(['stuck']);
  });
});
