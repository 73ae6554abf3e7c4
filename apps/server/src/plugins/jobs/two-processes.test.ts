import { type RunningJwnetSimulator, startJwnetSimulator } from '@junkan/jwnet-simulator';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from '../../../test/fixtures/demo-data';
import { tomorrowAt } from '../../../test/jwnet-harness';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type { App } from '../../app';
import { jwnetRequests, mailOutbox, manifests } from '../../db/schema';
import { enqueueJwnet, type JwnetWork } from '../../features/jwnet/jwnet-queue';
import { tokyoDate } from '../../lib/time';
import type { TransportEndReport } from '../jwnet/jwnet-adapter';
import { MAIL_QUEUE } from '../mail';
import { JobEngine } from './job-engine';

/** Waits for `check` to hold, asking every 200 ms, failing after `ms` with what `describe` says. */
async function until(check: () => Promise<boolean>, ms: number, describe: () => Promise<string>) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${await describe()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const MANIFESTS = 25;
const start = tomorrowAt('10:00:00');
const booted = Date.now();
/** The business clock of both processes: inside the network's hours, running in real time. */
const now = () => new Date(start.getTime() + (Date.now() - booted));

// Two server processes on one PostgreSQL database, each working jobs in the background.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one database', () => {
  let sim: RunningJwnetSimulator;
  let t: TestContext;
  let a: App;
  let b: App;

  beforeAll(async () => {
    // Results are reflected as soon as they are asked for; the network's clock stays at the start.
    sim = await startJwnetSimulator({ delayMs: 0, clock: start.toISOString() });
    const overrides = {
      jwnet: { url: sim.url, timeoutMs: 2_000, pollMs: 100 },
      jobs: { work: true, poolMax: 2, pollSeconds: 0.5, cronSeconds: 1 },
    };
    t = await createTestApp(overrides, { now });
    // The SMTP server is down until the mail test brings it up.
    t.smtp.setDown(true);
    a = t.app;
    b = (await t.sibling(overrides, { now })).app;
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('sends 100 queued manifest-network requests exactly once each, in each manifest order', async () => {
    const report: TransportEndReport = {
      transportEndDate: tokyoDate(start),
      volume: 1.5,
      unit: 't',
      transporter: '佐藤',
    };
    const discharger = await companyId(t.db, '株式会社グリーン商事');
    const numbers: string[] = [];
    for (let i = 0; i < MANIFESTS; i++) {
      const m = await sim.control.createManifest({
        deliveryDate: tokyoDate(new Date(start.getTime() - 86_400_000)),
        dischargerSubscriberNumber: '1234567',
        dischargerName: '株式会社グリーン商事',
        dischargeFacility: { name: '銀座店', address: '東京都中央区銀座1-1-1' },
        waste: { name: '廃プラスチック類', quantity: 1.5, unit: 't' },
        transporterName: '東都環境サービス株式会社',
      });
      await t.db
        .insert(manifests)
        .values({ manifestNumber: m.manifestNumber, dischargerCompanyId: discharger });
      numbers.push(m.manifestNumber);
    }
    // Four pieces of work per manifest, each allowed only after the one before it is reflected: out of order,
    // the network refuses them.
    const works = (manifestNumber: string): JwnetWork[] => [
      { kind: 'REPORT_TRANSPORT_END', manifestNumber, report },
      { kind: 'CORRECT_REPORT', manifestNumber, report: { ...report, volume: 2 } },
      { kind: 'ANSWER_CORRECTION', manifestNumber, approve: true },
      { kind: 'CANCEL_REPORT', manifestNumber },
    ];
    // Queued through both processes, as the requests of users on either would be.
    for (const [i, n] of numbers.entries()) {
      const app = i % 2 === 0 ? a : b;
      for (const work of works(n))
        await app.db.transaction((tx) => enqueueJwnet(tx, work, null, now(), app.jobs));
    }
    const rows = () =>
      t.db.select().from(jwnetRequests).where(inArray(jwnetRequests.manifestNumber, numbers));
    await until(
      async () => (await rows()).every((r) => r.state !== 'QUEUED' && r.state !== 'SENT'),
      90_000,
      async () =>
        JSON.stringify((await rows()).filter((r) => r.state === 'QUEUED' || r.state === 'SENT').length),
    );
    const done = await rows();
    expect(done).toHaveLength(MANIFESTS * 4);
    expect(done.filter((r) => r.state !== 'DONE').map((r) => [r.kind, r.state, r.lastError])).toEqual([]);

    const received = sim.simulator.receivedWork();
    const timesSent = new Map<string, number>();
    for (const r of received) timesSent.set(r.key, (timesSent.get(r.key) ?? 0) + 1);
    for (const r of done) expect(timesSent.get(r.requestKey), r.kind).toBe(1);
    // Each manifest's work reached the network in the order it was queued.
    for (const n of numbers) {
      const queued = done
        .filter((r) => r.manifestNumber === n)
        .sort((x, y) => x.id - y.id)
        .map((r) => r.requestKey);
      expect(received.filter((r) => r.manifestNumber === n).map((r) => r.key)).toEqual(queued);
    }
  }, 120_000);

  it('runs a scheduled daily job once a business day across both processes', async () => {
    // Engines like the apps' (the apps' own queues are fixed when they start), one per process, on a business
    // clock a second before 09:00 in Japan whatever the machine's says; later moved to the next day.
    let offset = new Date('2026-03-02T08:59:59+09:00').getTime() - Date.now();
    const clock = () => new Date(Date.now() + offset);
    const runs: string[] = [];
    const engines = ['a', 'b'].map((name) => {
      const e = new JobEngine(t.database, t.config.databaseUrl, {
        work: true,
        poolMax: 2,
        pollSeconds: 0.5,
        cronSeconds: 1,
        now: clock,
        registry: [{ name: 'cluster-daily', schedule: { daily: '09:00' }, description: 'test' }],
        log: { warn: () => {}, error: (o) => console.error(o) },
      });
      e.defineScheduled('cluster-daily', async () => void runs.push(`${name} ${tokyoDate(clock())}`));
      return e;
    });
    try {
      await Promise.all(engines.map((e) => e.start()));
      await until(
        async () => runs.length > 0,
        20_000,
        async () => 'the daily job never ran',
      );
      // Both processes keep checking the schedule: the day's run is not sent again.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(runs.map((r) => r.slice(2))).toEqual(['2026-03-02']);
      offset += 24 * 60 * 60 * 1000;
      await until(
        async () => runs.length > 1,
        20_000,
        async () => 'the next day never ran',
      );
      await new Promise((r) => setTimeout(r, 3_000));
      expect(runs.map((r) => r.slice(2))).toEqual(['2026-03-02', '2026-03-03']);
    } finally {
      for (const e of engines) await e.stop();
    }
  }, 60_000);

  it('delivers mail once when the SMTP server comes back, with both processes retrying', async () => {
    const to = Array.from({ length: 10 }, (_, i) => `cluster${i}@example.com`);
    for (const [i, address] of to.entries())
      await (i % 2 === 0 ? a : b).mailer.send({ to: address, subject: 's', text: 't' });
    const rows = () => t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, to));
    await until(
      async () => (await rows()).every((r) => r.status === 'FAILED'),
      20_000,
      async () => JSON.stringify((await rows()).map((r) => r.status)),
    );
    const sink = t.smtp;
    sink.setDown(false);
    // The retries come due in both processes at once (taken now, not after their backoff); the background
    // workers run too.
    await Promise.all([
      a.jobs.runDue(MAIL_QUEUE, { ignoreStartAfter: true }),
      b.jobs.runDue(MAIL_QUEUE, { ignoreStartAfter: true }),
      a.mailer.sweep(),
      b.mailer.sweep(),
    ]);
    await until(
      async () => (await rows()).every((r) => r.status === 'SENT'),
      60_000,
      async () => JSON.stringify((await rows()).map((r) => r.status)),
    );
    await Promise.all([
      a.jobs.runDue(MAIL_QUEUE, { ignoreStartAfter: true }),
      b.jobs.runDue(MAIL_QUEUE, { ignoreStartAfter: true }),
    ]);
    const got = sink.mails.flatMap((m) => m.to).filter((x) => to.includes(x));
    expect(got.sort()).toEqual([...to].sort());
    const [first] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to[0]!));
    expect(sink.mails.filter((m) => m.raw.includes(first!.messageId!))).toHaveLength(1);
  }, 90_000);
});
