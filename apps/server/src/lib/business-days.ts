import type { ClosedDayRow } from '@junkan/shared/api/business-calendar';
import {
  type BusinessDayInfo,
  type BusinessSettings,
  businessDayInfo,
  type ClosedDay,
  DEFAULT_BUSINESS_SETTINGS,
} from '@junkan/shared/business-day';
import { and, asc, between, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { businessClosedDays, businessSettings } from '../db/schema';
import { nationalHolidayName } from './national-holidays';

/**
 * A transport company's business days, read where more than the business calendar needs them: the
 * collection schedules (which days it collects on) and the contract calendar (which extends them).
 */

/** The company's settings, or the defaults when it has saved none. */
export async function businessSettingsOf(db: DbOrTx, companyId: number): Promise<BusinessSettings> {
  const [row] = await db.select().from(businessSettings).where(eq(businessSettings.companyId, companyId));
  if (!row) return { ...DEFAULT_BUSINESS_SETTINGS };
  return {
    weekdays: [...row.weekdays].sort((a, b) => a - b),
    openTime: row.openTime,
    closeTime: row.closeTime,
    closedOnNationalHolidays: row.closedOnNationalHolidays,
    closedOnYearEnd: row.closedOnYearEnd,
  };
}

/** The company's closed days from `from` to `to` (inclusive), oldest first. */
export async function closedDaysBetween(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
): Promise<ClosedDayRow[]> {
  return db
    .select({ id: businessClosedDays.id, date: businessClosedDays.date, reason: businessClosedDays.reason })
    .from(businessClosedDays)
    .where(and(eq(businessClosedDays.companyId, companyId), between(businessClosedDays.date, from, to)))
    .orderBy(asc(businessClosedDays.date));
}

/** A change of the calendar not saved yet, for a preview: other settings, or one more closed day. */
export interface CalendarChange {
  settings?: BusinessSettings;
  closedDay?: ClosedDay;
}

/**
 * Whether the company works on a date, for any date from `from` to `to`: its settings, its closed days and
 * the national holidays, read once (with `change` applied over them for a preview). Closed days outside the
 * range are not known to the lookup, so callers pass a range covering every date they ask about.
 */
export async function businessDayLookup(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
  change: CalendarChange = {},
): Promise<(date: string) => BusinessDayInfo> {
  const settings = change.settings ?? (await businessSettingsOf(db, companyId));
  const closed: ClosedDay[] = from <= to ? await closedDaysBetween(db, companyId, from, to) : [];
  if (change.closedDay) closed.push(change.closedDay);
  return (date) => businessDayInfo(date, settings, closed, nationalHolidayName);
}
