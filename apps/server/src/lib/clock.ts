import { eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { businessClockSettings, scheduledJobRuns } from '../db/schema';

/**
 * The one application clock. Every business date and time (today's date in Japan, the times records are
 * stamped with, when a daily job is due) is `app.now()`, a `Clock` made here: the machine's, or, with
 * `JUNKAN_CLOCK`, one started at that instant and running on in real time from the moment it was first applied.
 * This module is the only place that reads the machine's clock (a guard test, clock-guard.test.ts, fails on
 * `new Date()` or `Date.now()` anywhere else but its short allow-list).
 */
export type Clock = () => Date;

/** The machine's clock: the business clock when no start is configured. */
export const machineClock: Clock = () => new Date();

/** A clock at `start` when the machine's clock read `appliedAt` (both epoch ms), running on in real time. */
export function clockFrom(start: number, appliedAt: number): Clock {
  return () => new Date(start + (Date.now() - appliedAt));
}

/** The configured start as epoch ms; refuses what is not an instant. */
export function parseClockStart(clockStart: string): number {
  const start = new Date(clockStart).getTime();
  if (Number.isNaN(start)) throw new Error(`JUNKAN_CLOCK is not an instant: ${clockStart}`);
  return start;
}

/**
 * The business clock of every process on the database. With a configured start it is kept in `business_clock`
 * (the start and the machine instant it was first applied): the first process writes it, the others and any
 * restarted one read it and carry on; a different start replaces it (the clock starts again from there).
 * Without one, the machine's clock (the stored row, if any, is left for whoever sets the start again).
 */
export async function resolveBusinessClock(db: DbOrTx, clockStart: string | undefined): Promise<Clock> {
  if (!clockStart) {
    // The database's business_now() (record defaults) follows the machine's clock too.
    await db.update(businessClockSettings).set({ inUse: false }).where(eq(businessClockSettings.inUse, true));
    return machineClock;
  }
  const start = parseClockStart(clockStart);
  const appliedAt = await storeClockStart(db, clockStart, Date.now());
  return clockFrom(start, appliedAt);
}

/**
 * Records `clockStart` as applied at `appliedAtMs` unless the same start is stored already; answers the machine
 * instant the stored start was applied at (an insert or a change of start takes `appliedAtMs`). A new start
 * begins a new timeline: the schedule's record of which business days and periods have run is cleared with it.
 * The row then drives the database's `business_now()` (db/schema/columns.ts BUSINESS_NOW): its start as an instant, in use.
 */
export async function storeClockStart(db: DbOrTx, clockStart: string, appliedAtMs: number): Promise<number> {
  const applied = await db
    .insert(businessClockSettings)
    .values({ id: 1, configuredStart: clockStart, appliedAt: new Date(appliedAtMs) })
    .onConflictDoUpdate({
      target: businessClockSettings.id,
      set: { configuredStart: clockStart, appliedAt: new Date(appliedAtMs) },
      setWhere: sql`${businessClockSettings.configuredStart} <> ${clockStart}`,
    })
    .returning({ id: businessClockSettings.id });
  if (applied.length) await db.delete(scheduledJobRuns).where(isNotNull(scheduledJobRuns.slot));
  const [row] = await db
    .update(businessClockSettings)
    .set({ startAt: new Date(parseClockStart(clockStart)), inUse: true })
    .where(eq(businessClockSettings.id, 1))
    .returning({ appliedAt: businessClockSettings.appliedAt });
  if (!row) throw new Error('business clock not stored');
  return row.appliedAt.getTime();
}

/**
 * The machine instant at which `clock` will read `businessInstant`: for pg-boss's `startAfter`, which the
 * database compares with its own clock.
 */
export function machineInstantOf(businessInstant: Date, clock: Clock): Date {
  return new Date(Date.now() + (businessInstant.getTime() - clock().getTime()));
}
