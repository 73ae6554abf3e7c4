import type {
  BusinessCalendarDay,
  BusinessSettingsBody,
  CalendarImpact,
  ClosedDayRequest,
  ClosedDayRow,
} from '@junkan/shared/api/business-calendar';
import {
  type BusinessSettings,
  businessDayInfo,
  datesOfMonth,
  isValidBusinessHours,
} from '@junkan/shared/business-day';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { businessClosedDays, businessSettings, companies } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import {
  businessDayLookup,
  businessSettingsOf,
  type CalendarChange,
  closedDaysBetween,
} from '../../lib/business-days';
import { uniqueViolation } from '../../lib/db-errors';
import { nationalHolidayName, nationalHolidayNameEn } from '../../lib/national-holidays';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import {
  closedDayMoveItem,
  closedDayMoves,
  rescheduleClosedDayCollections,
} from '../project-core/closed-day-collections';

/** The company's settings, or the defaults when it has saved none. */
export const getBusinessSettings = businessSettingsOf;

/** The settings a body makes (weekdays in order); refused unless opening comes before closing. */
function settingsOf(body: BusinessSettingsBody): BusinessSettings {
  if (!isValidBusinessHours(body.openTime, body.closeTime))
    throw new AppError('invalid_business_hours', 'invalid_business_hours', {
      closeTime: 'invalid_business_hours',
    });
  return {
    weekdays: [...body.weekdays].sort((a, b) => a - b),
    openTime: body.openTime,
    closeTime: body.closeTime,
    closedOnNationalHolidays: body.closedOnNationalHolidays,
    closedOnYearEnd: body.closedOnYearEnd,
  };
}

/**
 * The collections a calendar change would move (`closedDayMoves` on the calendar with the change applied),
 * nothing saved: what the screen asks the transporter to confirm before saving.
 */
async function impactOf(
  app: FastifyInstance,
  companyId: number,
  change: CalendarChange,
): Promise<CalendarImpact> {
  const moves = await closedDayMoves(app.db, companyId, tokyoDate(app.now()), (from, to) =>
    businessDayLookup(app.db, companyId, from, to, change),
  );
  return { collections: moves.map(closedDayMoveItem) };
}

/** POST /business-calendar/settings/impact. */
export const settingsImpact = (app: FastifyInstance, companyId: number, body: BusinessSettingsBody) =>
  impactOf(app, companyId, { settings: settingsOf(body) });

/** POST /business-calendar/closed-days/impact. */
export const closedDayImpact = (app: FastifyInstance, companyId: number, body: ClosedDayRequest) =>
  impactOf(app, companyId, { closedDay: body });

/**
 * In the transaction that saved a change: the collections still to happen on days no longer collected get
 * a new date to answer (or are returned), their dischargers mailed.
 */
const rescheduleAfter = (app: FastifyInstance, tx: Tx, caller: Caller, companyId: number) =>
  rescheduleClosedDayCollections(app, tx, caller, companyId, tokyoDate(app.now()), (from, to) =>
    businessDayLookup(tx, companyId, from, to),
  );

export async function saveBusinessSettings(
  app: FastifyInstance,
  caller: Caller,
  body: BusinessSettingsBody,
): Promise<BusinessSettings> {
  const { companyId } = caller;
  const values = settingsOf(body);
  await app.db.transaction(async (tx) => {
    await tx
      .insert(businessSettings)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: businessSettings.companyId, set: { ...values, updatedAt: app.now() } });
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'business_settings',
      entityId: companyId,
      detail: { ...values },
    });
    await rescheduleAfter(app, tx, caller, companyId);
  });
  return values;
}

export function listClosedDays(db: DbOrTx, companyId: number, year: number) {
  return closedDaysBetween(db, companyId, `${year}-01-01`, `${year}-12-31`);
}

export async function addClosedDay(
  app: FastifyInstance,
  caller: Caller,
  body: ClosedDayRequest,
): Promise<ClosedDayRow> {
  const { companyId } = caller;
  try {
    return await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(businessClosedDays)
        .values({ companyId, date: body.date, reason: body.reason })
        .returning({
          id: businessClosedDays.id,
          date: businessClosedDays.date,
          reason: businessClosedDays.reason,
        });
      if (!row) throw new Error('insert returned no row');
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'business_closed_day',
        entityId: row.id,
        detail: { date: row.date, reason: row.reason },
      });
      await rescheduleAfter(app, tx, caller, companyId);
      return row;
    });
  } catch (err) {
    if (uniqueViolation(err) === 'business_closed_days_unique')
      throw new AppError('closed_day_already_registered', 'closed_day_already_registered', {
        date: 'closed_day_already_registered',
      });
    throw err;
  }
}

export async function deleteClosedDay(app: FastifyInstance, caller: Caller, id: number): Promise<void> {
  const { companyId } = caller;
  await app.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(businessClosedDays)
      .where(and(eq(businessClosedDays.id, id), eq(businessClosedDays.companyId, companyId)))
      .returning({ date: businessClosedDays.date });
    if (!deleted) throw new AppError('not_found', 'Closed day not found');
    await recordAudit(tx, caller, {
      action: 'delete',
      entity: 'business_closed_day',
      entityId: id,
      detail: { date: deleted.date },
    });
  });
}

/** Every day of a month (Japan dates) with whether the company works, and why not. */
export async function getBusinessCalendar(
  db: DbOrTx,
  companyId: number,
  year: number,
  month: number,
): Promise<BusinessCalendarDay[]> {
  const dates = datesOfMonth(year, month);
  const settings = await getBusinessSettings(db, companyId);
  const closed = await closedDaysBetween(db, companyId, dates[0] ?? '', dates[dates.length - 1] ?? '');
  return dates.map((date) => {
    const info = businessDayInfo(date, settings, closed, nationalHolidayName);
    const holidayNameEn = nationalHolidayNameEn(date);
    return holidayNameEn ? { ...info, holidayNameEn } : info;
  });
}

/** Whether a transport company collects on a Japan date (its business day). */
export async function isCollectable(db: DbOrTx, transportCompanyId: number, date: string) {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, transportCompanyId), eq(companies.type, 'TRANSPORT')));
  if (!company) throw new AppError('not_found', 'Transport company not found');
  const settings = await getBusinessSettings(db, transportCompanyId);
  const closed = await closedDaysBetween(db, transportCompanyId, date, date);
  const info = businessDayInfo(date, settings, closed, nationalHolidayName);
  return {
    collectable: info.isBusinessDay,
    ...(info.reason ? { reason: info.reason } : {}),
    ...(info.holidayName ? { holidayName: info.holidayName } : {}),
    ...(info.closedReason !== undefined ? { closedReason: info.closedReason } : {}),
  };
}
