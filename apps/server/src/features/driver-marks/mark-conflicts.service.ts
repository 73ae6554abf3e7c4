import type { MarkConflict } from '@junkan/shared/api/drivers';
import type { CollectionStatus } from '@junkan/shared/collection-rules';
import {
  canApplyMark,
  type DriverMarkResult,
  type MarkTarget as MarkRuleTarget,
  type NotCollectedReason,
} from '@junkan/shared/driver-rules';
import type { MessageCode } from '@junkan/shared/messages';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { collectionMarks, collections, companies, dischargeSites, projects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { applyMark, mailAppliedMark, markTargetOf, proofsByIds } from '../project-core/collection-marks';
import { collectionStateOf } from '../project-core/collection-moves';

const discharger = alias(companies, 'discharger');
const markNotFound = () => new AppError('driver_mark_not_found', 'Mark not found');

/** These marks (of one company) as conflicts, with each stop as it stands now. */
async function conflictsOf(app: FastifyInstance, db: DbOrTx, markIds: number[]): Promise<MarkConflict[]> {
  const proofs = await proofsByIds(db, markIds);
  if (proofs.length === 0) return [];
  const stops = await db
    .select({
      id: collections.id,
      projectTitle: projects.title,
      dischargerName: discharger.name,
      siteName: dischargeSites.name,
    })
    .from(collections)
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .innerJoin(discharger, eq(discharger.id, collections.companyId))
    .innerJoin(dischargeSites, eq(dischargeSites.id, collections.dischargeSiteId))
    .where(inArray(collections.id, [...new Set(proofs.map((p) => p.collectionId))]));
  const today = tokyoDate(app.now());
  const answers: MarkConflict[] = [];
  for (const mark of proofs) {
    const stop = stops.find((s) => s.id === mark.collectionId);
    const target = await markTargetOf(db, mark.collectionId);
    if (!stop || !target) continue;
    const c = target.collection;
    const { hasReport } = await collectionStateOf(db, target);
    const now = { status: c.status as CollectionStatus, date: c.date, hasReport };
    answers.push({
      mark,
      collection: { ...stop, id: c.id, date: c.date, status: now.status },
      canApply: mark.state === 'CONFLICT' && canApplyMark(now, mark.result, today),
    });
  }
  return answers;
}

/** GET /trans/driver-marks/conflicts: the company's marks waiting for its decision, oldest first. */
export async function listConflicts(app: FastifyInstance, caller: Caller): Promise<MarkConflict[]> {
  const ids = await app.db
    .select({ id: collectionMarks.id })
    .from(collectionMarks)
    .where(
      and(eq(collectionMarks.transportCompanyId, caller.companyId), eq(collectionMarks.state, 'CONFLICT')),
    )
    .orderBy(asc(collectionMarks.receivedAt), asc(collectionMarks.id));
  return conflictsOf(
    app,
    app.db,
    ids.map((r) => r.id),
  );
}

/** Why a conflicting mark cannot be applied now (the cases `canApplyMark` refuses), for the 409. */
function applyRefusal(
  target: Omit<MarkRuleTarget, 'version'>,
  result: DriverMarkResult,
  today: string,
): MessageCode {
  if (target.status === 'CANCELLED' || target.status === 'RETURNED' || target.status === 'SKIPPED')
    return 'driver_mark_stop_cancelled';
  if (target.date > today) return 'driver_mark_too_early';
  if (target.status === result) return 'driver_mark_already_marked';
  if (result === 'NOT_COLLECTED' && target.hasReport) return 'collection_has_report';
  return 'driver_mark_stop_changed';
}

/**
 * POST /trans/driver-marks/{id}/apply and /discard: the office's decision on a conflicting mark, in one
 * transaction with the stop locked. Applying moves the stop by the mark (the office the writer) while the stop can
 * take it now; the discharger is mailed as for any mark. Discarding keeps the stop as it stands.
 */
export async function decideConflict(
  app: FastifyInstance,
  caller: Caller,
  markId: number,
  decision: 'APPLY' | 'DISCARD',
): Promise<MarkConflict> {
  const [found] = await app.db
    .select({ collectionId: collectionMarks.collectionId })
    .from(collectionMarks)
    .where(and(eq(collectionMarks.id, markId), eq(collectionMarks.transportCompanyId, caller.companyId)));
  if (!found) throw markNotFound();
  const at = app.now();
  const today = tokyoDate(at);
  const applied = await app.db.transaction(async (tx) => {
    const target = await markTargetOf(tx, found.collectionId, true);
    const [mark] = await tx
      .select()
      .from(collectionMarks)
      .where(and(eq(collectionMarks.id, markId), eq(collectionMarks.transportCompanyId, caller.companyId)))
      .for('update');
    if (!mark || !target) throw markNotFound();
    if (mark.state !== 'CONFLICT')
      throw new AppError('driver_mark_not_conflict', 'The mark was decided already', undefined, {
        state: mark.state,
      });
    const toApply = {
      result: mark.result as DriverMarkResult,
      reasonCode: (mark.reasonCode ?? null) as NotCollectedReason | null,
      reasonText: mark.reasonText,
    };
    let moved: { date: string; projectCancelled: boolean } | null = null;
    if (decision === 'APPLY') {
      const c = target.collection;
      const state = await collectionStateOf(tx, target);
      const stop = { status: c.status as CollectionStatus, date: c.date, hasReport: state.hasReport };
      if (!canApplyMark(stop, toApply.result, today))
        throw new AppError(applyRefusal(stop, toApply.result, today), 'The stop cannot take the mark now');
      moved = await applyMark(tx, { source: caller, role: 'TRANSPORT', at }, target, toApply, today);
    }
    await tx
      .update(collectionMarks)
      .set({
        state: decision === 'APPLY' ? 'RESOLVED_APPLIED' : 'DISCARDED',
        resolvedBy: caller.session.userId,
        resolvedAt: at,
      })
      .where(eq(collectionMarks.id, markId));
    await recordAudit(tx, caller, {
      action: decision === 'APPLY' ? 'collection_mark.apply' : 'collection_mark.discard',
      entity: 'collection',
      entityId: mark.collectionId,
      detail: { markId, result: mark.result, conflictCode: mark.conflictCode },
    });
    return moved ? { target, toApply, moved } : null;
  });
  if (applied) await mailAppliedMark(app, applied.target, applied.toApply, applied.moved);
  const [answer] = await conflictsOf(app, app.db, [markId]);
  if (!answer) throw markNotFound();
  return answer;
}
