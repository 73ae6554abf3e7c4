import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { businessClockSettings, notices, scheduledJobRuns } from '../db/schema';
import { clockFrom, machineInstantOf, storeClockStart } from './clock';
import { tokyoDate } from './time';

const START = '2026-03-02T08:00:00+09:00';
const startMs = Date.parse(START);
let t: TestContext;

beforeAll(async () => {
  // No `now` given: the app takes JUNKAN_CLOCK's start and keeps it in the database, as a server does.
  t = await createTestApp({ clockStart: START });
});
afterAll(() => t.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the business clock kept in the database', () => {
  it('is one for every process on the database, and a restarted process carries on with it', async () => {
    const first = t.app.now().getTime() - startMs;
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(60_000);
    await pause(300);
    // Another process, started later with the same JUNKAN_CLOCK, reads the same clock: it does not restart it.
    const sibling = await t.sibling();
    const [a, b] = [t.app.now().getTime(), sibling.app.now().getTime()];
    expect(Math.abs(a - b)).toBeLessThan(50);
    expect(b - startMs).toBeGreaterThanOrEqual(300);
    // A restart (a new process, the same start): still the same clock.
    const restarted = await t.sibling();
    expect(Math.abs(restarted.app.now().getTime() - t.app.now().getTime())).toBeLessThan(50);
    // Every answer tells the browser the business instant.
    const res = await t.anonymous.get('/zipcode?zipcode=1040061');
    expect(Math.abs(Date.parse(String(res.headers['x-business-time'])) - t.app.now().getTime())).toBeLessThan(
      1_000,
    );
  });

  it("dates what the database stamps by default (a record's creation, a notice's first day) by the same clock", async () => {
    const written = async () => {
      const [row] = await t.db
        .insert(notices)
        .values({ date: '2026-03-02', subject: 'clock', content: 'clock' })
        .returning({ id: notices.id, createdAt: notices.createdAt, publishFrom: notices.publishFrom });
      if (!row) throw new Error('no notice written');
      await t.db.delete(notices).where(eq(notices.id, row.id));
      return row;
    };
    const onClock = await written();
    expect(Math.abs(onClock.createdAt.getTime() - t.app.now().getTime())).toBeLessThan(5_000);
    expect(onClock.publishFrom).toBe(tokyoDate(t.app.now()));
    // A process started without JUNKAN_CLOCK runs on the machine's clock, the database's defaults with it.
    const machine = await t.sibling({ clockStart: undefined });
    const offClock = await written();
    expect(Math.abs(offClock.createdAt.getTime() - machine.app.now().getTime())).toBeLessThan(5_000);
    expect(offClock.createdAt.getTime() - onClock.createdAt.getTime()).toBeGreaterThan(30 * 86_400_000);
    // Started again with it, the clock carries on where it was (the same start, the same first instant).
    const again = await t.sibling();
    expect(Math.abs((await written()).createdAt.getTime() - again.app.now().getTime())).toBeLessThan(5_000);
  });

  it('starts again from a changed JUNKAN_CLOCK, and the schedule starts a new timeline with it', async () => {
    await t.db.insert(scheduledJobRuns).values([
      {
        jobName: 'invoice-overdue',
        slot: '2026-03-02',
        trigger: 'SCHEDULE',
        status: 'SUCCEEDED',
        queuedAt: t.app.now(),
      },
      {
        jobName: 'invoice-overdue',
        slot: null,
        trigger: 'MANUAL',
        status: 'SUCCEEDED',
        queuedAt: t.app.now(),
      },
    ]);
    const changed = await t.sibling({ clockStart: '2027-01-04T09:00:00+09:00' });
    const ms = changed.app.now().getTime() - Date.parse('2027-01-04T09:00:00+09:00');
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThan(5_000);
    const [row] = await t.db.select().from(businessClockSettings).where(eq(businessClockSettings.id, 1));
    expect(row?.configuredStart).toBe('2027-01-04T09:00:00+09:00');
    // The business days already run belong to the old timeline; runs asked for by hand stay in the record.
    const runs = await t.db
      .select()
      .from(scheduledJobRuns)
      .where(eq(scheduledJobRuns.jobName, 'invoice-overdue'));
    expect(runs.map((r) => r.trigger)).toEqual(['MANUAL']);
  });

  it('keeps the instant first applied for the same start, and takes a new one for another', async () => {
    const db = t.db;
    const applied = await storeClockStart(db, '2030-01-01T00:00:00Z', 1_000);
    expect(applied).toBe(1_000);
    expect(await storeClockStart(db, '2030-01-01T00:00:00Z', 5_000)).toBe(1_000);
    expect(await storeClockStart(db, '2031-01-01T00:00:00Z', 9_000)).toBe(9_000);
  });

  it('runs on in real time, and converts a business instant to the machine instant it falls at', () => {
    const clock = clockFrom(startMs, Date.now() - 1_000);
    expect(clock().getTime() - startMs).toBeGreaterThanOrEqual(1_000);
    const inAnHour = new Date(clock().getTime() + 3_600_000);
    expect(Math.abs(machineInstantOf(inAnHour, clock).getTime() - (Date.now() + 3_600_000))).toBeLessThan(50);
  });

  it('refuses a JUNKAN_CLOCK that is not an instant', async () => {
    await expect(t.sibling({ clockStart: 'next tuesday' })).rejects.toThrow('JUNKAN_CLOCK is not an instant');
  });
});
