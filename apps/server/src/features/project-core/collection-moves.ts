/**
 * A collection's status moves, the one way every feature makes them: the collections' own actions (either
 * side on a collection) and the business calendar (a day the transporter no longer collects on). Both run
 * `moveCollection` in their transaction, so the shared `collectionActions` table, the date rules, the
 * compare-and-set, the history and the audit are written once.
 */

import {
  COLLECTION_ACTION_RESULT,
  type CollectionAction,
  type CollectionDateIssue,
  type CollectionRole,
  type CollectionState,
  type CollectionStatus,
  cancelRefusal,
  collectionActions,
  desiredDateIssue,
  SPOT_COUNTED_STATUSES,
} from '@junkan/shared/collection-rules';
import { addDays } from '@junkan/shared/contract-rules';
import type { MessageCode } from '@junkan/shared/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  collectionHistory,
  collectionRequestLines,
  collections,
  projects,
  regularReports,
  transportReports,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { businessDayLookup } from '../../lib/business-days';
import {
  type CollectionWriter,
  type ContractFrame,
  historyAuthor,
  openCollectionsOfLines,
  requestablePeriodOf,
} from './collection-schedule';
import { transitionProject } from './project-status';

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

/** How far past a date the next collectable day is looked for (nextCollectableDate's limit, and a day). */
export const lookAheadEnd = (date: string) => addDays(date, 61);

/**
 * Whether a completion report covers a collection: an industrial transport report (not deleted) of the
 * project collected that day, or for a regular project the month's regular report.
 */
async function hasCompletionReport(
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

/**
 * A project's collections that use up a spot contract's allowance (SPOT_COUNTED_STATUSES: still to happen, or
 * made); one contract per project, so the contract's.
 */
export async function spotCountedCollections(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(collections)
    .where(
      and(eq(collections.projectId, projectId), inArray(collections.status, [...SPOT_COUNTED_STATUSES])),
    );
  return row?.n ?? 0;
}

/** What a move reads of a collection: its row, its contract's frame and its project. */
export interface MovableCollection {
  collection: typeof collections.$inferSelect;
  contract: ContractFrame;
  project: { id: number; type: 'REGULAR' | 'INDUSTRIAL' };
}

/** Why `action` is refused now, or null: the specific rule where there is one, else an invalid transition. */
function collectionMoveRefusal(
  state: CollectionState,
  role: CollectionRole,
  action: CollectionAction,
  today: string,
): MessageCode | null {
  if (collectionActions(state, role, today).includes(action)) return null;
  if (action === 'CANCEL') return cancelRefusal(state, today) ?? 'invalid_status_transition';
  const recordable: CollectionStatus[] = ['CONFIRMED', 'COLLECTED', 'NOT_COLLECTED'];
  if ((action === 'MARK_COLLECTED' || action === 'MARK_NOT_COLLECTED') && recordable.includes(state.status))
    return state.date > today ? 'collection_date_not_reached' : 'invalid_status_transition';
  return 'invalid_status_transition';
}

/** A collection's state for the shared rules. */
export const collectionStateOf = async (db: DbOrTx, target: MovableCollection): Promise<CollectionState> => ({
  status: target.collection.status as CollectionStatus,
  date: target.collection.date,
  hasReport: await hasCompletionReport(db, target.project, target.collection.date),
});

/** A new date of a collection: section 5's rules for a desired date, and not a day the same waste is collected. */
async function checkNewDate(db: DbOrTx, target: MovableCollection, date: string, today: string) {
  const c = target.collection;
  const period = requestablePeriodOf(target.contract);
  const lookup = await businessDayLookup(db, c.transportCompanyId, date, lookAheadEnd(date));
  const issue = desiredDateIssue(date, 0, { today, period, lookup });
  if (issue) throw dateIssuesError([{ ...issue, field: 'date' }]);
  const lineIds = (
    await db
      .select({ id: collectionRequestLines.wasteLineId })
      .from(collectionRequestLines)
      .where(eq(collectionRequestLines.requestId, c.requestId))
  ).map((l) => l.id);
  if ((await openCollectionsOfLines(db, c.projectId, lineIds, date, date, c.id)).length > 0)
    throw dateIssuesError([{ index: 0, code: 'same_waste_same_date', field: 'date' }]);
}

interface MoveInput {
  reason?: string | null | undefined;
  /** The proposed or newly desired date (PROPOSE_DATE, ASK_AGAIN). */
  date?: string | undefined;
  /** The transporter's calendar no longer collects on the collection's date (CollectionState.dayClosed). */
  dayClosed?: boolean;
}

interface MoveResult {
  status: CollectionStatus;
  date: string;
  /** A cancelled spot collection that was its project's last cancelled the project. */
  projectCancelled: boolean;
}

/**
 * One side's action on a collection, in the caller's transaction: the project row locked (two writes cannot
 * both take a date), the action checked with the shared `collectionActions` (the specific refusal where there
 * is one) on Japan date `today`, a new date checked, then a compare-and-set on the version, the history row
 * and an audit row; a cancelled spot collection that was its project's last cancels the project. The caller
 * mails the other side.
 */
export async function moveCollection(
  tx: Tx,
  writer: CollectionWriter & { role: CollectionRole },
  target: MovableCollection,
  action: CollectionAction,
  input: MoveInput,
  today: string,
): Promise<MoveResult> {
  const c = target.collection;
  const to = COLLECTION_ACTION_RESULT[action];
  const [project] = await tx
    .select({ id: projects.id, status: projects.status })
    .from(projects)
    .where(eq(projects.id, c.projectId))
    .for('update');
  const state = { ...(await collectionStateOf(tx, target)), dayClosed: input.dayClosed ?? false };
  const refusal = collectionMoveRefusal(state, writer.role, action, today);
  if (refusal)
    throw new AppError(refusal, `The collection cannot be changed now (${action})`, undefined, {
      from: c.status,
      to,
    });
  const changesDate = action === 'PROPOSE_DATE' || action === 'ASK_AGAIN';
  const date = changesDate && input.date ? input.date : c.date;
  const reason = input.reason || null;
  if (changesDate) await checkNewDate(tx, target, date, today);
  const updated = await tx
    .update(collections)
    .set({
      status: to,
      date,
      ...(action === 'ASK_AGAIN' ? { desiredDate: date } : {}),
      reason,
      version: c.version + 1,
      updatedAt: writer.at,
    })
    .where(and(eq(collections.id, c.id), eq(collections.version, c.version)))
    .returning({ id: collections.id });
  if (updated.length === 0)
    throw new AppError('invalid_status_transition', 'The collection changed meanwhile', undefined, {
      from: c.status,
      to,
    });
  await tx.insert(collectionHistory).values({
    collectionId: c.id,
    fromStatus: c.status,
    toStatus: to,
    fromDate: c.date,
    toDate: date,
    reason,
    ...historyAuthor(writer),
  });
  await recordAudit(tx, writer.source, {
    action: `collection.${action.toLowerCase()}`,
    entity: 'collection',
    entityId: c.id,
    detail: {
      from: c.status,
      to,
      ...(date !== c.date ? { fromDate: c.date, toDate: date } : {}),
      ...(input.dayClosed ? { dayClosed: true } : {}),
    },
  });
  const result = { status: to, date, projectCancelled: false };
  if (action !== 'CANCEL' || target.contract.contractType !== 'SPOT' || project?.status !== 'IN_PROGRESS')
    return result;
  // A spot contract is its one collection: when none is left to happen or done, the project is cancelled.
  if ((await spotCountedCollections(tx, c.projectId)) > 0) return result;
  // The discharger's act moves the project by the rule, so the move is the system's (the discharger may not
  // cancel a project in progress by itself); its history row names the discharger and the reason.
  await transitionProject(
    tx,
    writer.source,
    { id: project.id, status: 'IN_PROGRESS' },
    'CANCEL',
    'SYSTEM',
    writer.at,
    reason ?? 'スポット回収のキャンセル',
  );
  return { ...result, projectCancelled: true };
}
