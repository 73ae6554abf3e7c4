import {
  addDays,
  COLLECTION_MAX,
  type CollectionDateIssue,
  daysBetween,
  type MessageCode,
} from '@junkan/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { dischargeSites, projectDischargeSites, regularReports, transportReports } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { tokyoDate } from '../../lib/time';

/** The side a call acts for: the discharger (WASTE) or the transporter (TRANSPORT). */
export type Party = 'WASTE' | 'TRANSPORT';

/** Today in Japan on the business clock. */
export const businessToday = (app: FastifyInstance) => tokyoDate(app.now());

/** A field-level refusal: 400 validation_error with each field's code (and the params the messages need). */
export function validationError(
  fields: Record<string, MessageCode>,
  params?: Record<string, string | number>,
): AppError {
  return new AppError('validation_error', 'Validation failed', fields, params);
}

/**
 * Refused dates as one answer: each under its field (`dates.<i>`, or `date`), a not-collectable day with
 * the reason and the next collectable day as params (`<field>.reason`, `<field>.nextDate`).
 */
export function dateIssuesError(issues: readonly (CollectionDateIssue & { field: string })[]): AppError {
  const fields: Record<string, MessageCode> = {};
  const params: Record<string, string | number> = {};
  for (const issue of issues) {
    if (fields[issue.field]) continue;
    fields[issue.field] = issue.code;
    if (issue.reason) params[`${issue.field}.reason`] = issue.reason;
    if (issue.nextDate) params[`${issue.field}.nextDate`] = issue.nextDate;
  }
  return validationError(fields, Object.keys(params).length ? params : undefined);
}

/** A list or calendar range: `to` not before `from`, and at most COLLECTION_MAX.rangeDays days. */
export function checkRange(from: string, to: string): void {
  if (to < from || daysBetween(from, to) + 1 > COLLECTION_MAX.rangeDays)
    throw validationError({ to: 'invalid_period' });
}

/** How far past a date the next collectable day is looked for (nextCollectableDate's limit, and a day). */
export const lookAheadEnd = (date: string) => addDays(date, 61);

/** A project's discharge sites. */
export async function sitesOfProject(db: DbOrTx, projectId: number) {
  return db
    .select({
      id: dischargeSites.id,
      name: dischargeSites.name,
      postalCode: dischargeSites.postalCode,
      address1: dischargeSites.address1,
      address2: dischargeSites.address2,
      address3: dischargeSites.address3,
    })
    .from(projectDischargeSites)
    .innerJoin(dischargeSites, eq(dischargeSites.id, projectDischargeSites.dischargeSiteId))
    .where(eq(projectDischargeSites.projectId, projectId))
    .orderBy(asc(dischargeSites.id));
}

/**
 * Whether a completion report covers a collection: an industrial transport report (not deleted) of the
 * project collected that day, or for a regular project the month's regular report.
 */
export async function hasCompletionReport(
  db: DbOrTx,
  project: { id: number; type: 'REGULAR' | 'INDUSTRIAL' },
  date: string,
): Promise<boolean> {
  if (project.type === 'REGULAR') {
    const [row] = await db
      .select({ id: regularReports.id })
      .from(regularReports)
      .where(
        and(
          eq(regularReports.projectId, project.id),
          eq(regularReports.year, Number(date.slice(0, 4))),
          eq(regularReports.month, Number(date.slice(5, 7))),
        ),
      )
      .limit(1);
    return !!row;
  }
  const rows = await db
    .select({ id: transportReports.id, deletedAt: transportReports.deletedAt })
    .from(transportReports)
    .where(and(eq(transportReports.projectId, project.id), eq(transportReports.collectTime, date)));
  return rows.some((r) => r.deletedAt === null);
}
