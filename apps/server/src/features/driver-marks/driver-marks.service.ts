import type { DriverMarkBody, DriverMarkResultAnswer } from '@junkan/shared/api/drivers';
import type { CollectionStatus } from '@junkan/shared/collection-rules';
import { type DriverMarkState, markConflict } from '@junkan/shared/driver-rules';
import type { MessageCode } from '@junkan/shared/messages';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { attachments, collectionMarks, collectionRequestLines, collections } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { type StoredFile, storedRefOf } from '../../plugins/file-storage';
import { mailMarkConflict } from '../project-core/collection-mails';
import {
  applyMark,
  MARK_PHOTO_OWNER,
  type MarkTarget,
  mailAppliedMark,
  markTargetOf,
} from '../project-core/collection-marks';
import { collectionStateOf, validationError } from '../project-core/collection-moves';
import { type DriverRow, driverOf, isStopOf } from './driver-stops';

const notAssigned = () => new AppError('driver_not_assigned', 'Not one of your stops');
const markNotFound = () => new AppError('driver_mark_not_found', 'Mark not found');

/** A driver's stored mark by its client id, with its collection's status now. */
async function storedMark(db: DbOrTx, driverId: number, clientId: string) {
  const [row] = await db
    .select({ mark: collectionMarks, collectionStatus: collections.status })
    .from(collectionMarks)
    .innerJoin(collections, eq(collections.id, collectionMarks.collectionId))
    .where(and(eq(collectionMarks.driverUserId, driverId), eq(collectionMarks.clientId, clientId)));
  return row ?? null;
}
type Stored = NonNullable<Awaited<ReturnType<typeof storedMark>>>;

const answerOf = (s: Stored): DriverMarkResultAnswer => ({
  clientId: s.mark.clientId,
  markId: s.mark.id,
  state: s.mark.state as DriverMarkState,
  conflictCode: s.mark.conflictCode,
  collectionStatus: s.collectionStatus as CollectionStatus,
  hasPhoto: s.mark.hasPhoto,
});

/** A retry answers what was stored; the same client id for another collection is a phone's mistake (409). */
function retryAnswer(s: Stored, collectionId: number): DriverMarkResultAnswer {
  if (s.mark.collectionId !== collectionId)
    throw new AppError('driver_mark_client_reused', 'The client id names another mark');
  return answerOf(s);
}

/** The mark's lines must be its collection's request lines: `lines.<i>.wasteLineId` otherwise. */
async function checkLines(db: DbOrTx, requestId: number, body: DriverMarkBody) {
  const allowed = new Set(
    (
      await db
        .select({ id: collectionRequestLines.wasteLineId })
        .from(collectionRequestLines)
        .where(eq(collectionRequestLines.requestId, requestId))
    ).map((l) => l.id),
  );
  const fields: Record<string, MessageCode> = {};
  body.lines.forEach((line, i) => {
    if (!allowed.has(line.wasteLineId)) fields[`lines.${i}.wasteLineId`] = 'invalid_format';
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

interface Kept {
  target: MarkTarget;
  moved: { date: string; projectCancelled: boolean } | null;
}

/** In one transaction: the stop locked, the shared conflict rule, then the mark applied or kept as a conflict. */
async function keepMark(
  app: FastifyInstance,
  caller: Caller,
  driver: DriverRow,
  body: DriverMarkBody,
): Promise<Kept | Stored> {
  const at = app.now();
  const today = tokyoDate(at);
  return app.db.transaction(async (tx) => {
    const target = await markTargetOf(tx, body.collectionId, true);
    // A retry sent at the same time waited for the lock: it finds the mark the first one kept.
    const again = await storedMark(tx, driver.id, body.clientId);
    if (again) return again;
    if (!target || target.collection.transportCompanyId !== caller.companyId) throw notAssigned();
    const c = target.collection;
    const state = await collectionStateOf(tx, target);
    // A stop the office gave someone else meanwhile is the office's to decide, like one it changed.
    let conflict: string | null = isStopOf(c, driver, caller.companyId)
      ? markConflict(
          {
            status: c.status as CollectionStatus,
            date: c.date,
            version: c.version,
            hasReport: state.hasReport,
          },
          body,
          today,
        )
      : 'driver_not_assigned';
    let moved: Kept['moved'] = null;
    if (!conflict) {
      try {
        // Its own savepoint: should the move refuse after all, the mark is kept as a conflict, never lost.
        moved = await tx.transaction((inner) =>
          applyMark(inner, { source: caller, role: 'TRANSPORT', at }, target, body, today),
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        conflict = error.code;
      }
    }
    const [mark] = await tx
      .insert(collectionMarks)
      .values({
        clientId: body.clientId,
        collectionId: c.id,
        transportCompanyId: caller.companyId,
        driverUserId: driver.id,
        vehicleId: c.vehicleId ?? driver.vehicleId,
        result: body.result,
        reasonCode: body.result === 'NOT_COLLECTED' ? body.reasonCode : null,
        reasonText: body.result === 'NOT_COLLECTED' ? body.reasonText : null,
        lines: body.lines.map((l) => ({
          wasteLineId: l.wasteLineId,
          // Only the sizes counted: a phone's empty inputs are no bags.
          bags: Object.fromEntries(
            Object.entries(l.bags).filter((e): e is [string, number] => (e[1] ?? 0) > 0),
          ),
          weightKg: l.weightKg,
          volume: l.volume,
        })),
        baseVersion: body.baseVersion,
        baseDate: body.baseDate,
        markedAt: new Date(body.markedAt),
        receivedAt: at,
        latitude: body.position?.latitude ?? null,
        longitude: body.position?.longitude ?? null,
        accuracy: body.position?.accuracy ?? null,
        state: conflict ? 'CONFLICT' : 'APPLIED',
        conflictCode: conflict,
      })
      .returning();
    await recordAudit(tx, caller, {
      action: 'collection_mark.create',
      entity: 'collection',
      entityId: c.id,
      detail: { markId: mark!.id, result: body.result, state: mark!.state, conflictCode: conflict },
    });
    if (conflict)
      await mailMarkConflict(app, tx, {
        transportCompanyId: caller.companyId,
        driverName: driver.userName,
        projectTitle: target.project.title,
        siteName: target.siteName,
        date: c.date,
        conflictCode: conflict,
      });
    return { target, moved };
  });
}

/**
 * POST /driver/marks: a mark from the driver's phone, stored once per client id (a retry, even one sent at the same
 * time, answers what was stored). Applied to the stop when the shared rule allows it now, else kept as a CONFLICT
 * for the office, which is mailed; an applied mark mails the discharger as the office's own marking does.
 */
export async function sendMark(
  app: FastifyInstance,
  caller: Caller,
  body: DriverMarkBody,
): Promise<DriverMarkResultAnswer> {
  const driver = await driverOf(app.db, caller);
  const stored = await storedMark(app.db, driver.id, body.clientId);
  if (stored) return retryAnswer(stored, body.collectionId);
  const target = await markTargetOf(app.db, body.collectionId);
  // Another company's collection (or none) is not the driver's: the two are never told apart. One of its own
  // company that is no longer the driver's (the office gave it to someone else while the phone was offline) is
  // kept as a conflict below, so the driver's record is never lost.
  if (!target || target.collection.transportCompanyId !== caller.companyId) throw notAssigned();
  await checkLines(app.db, target.collection.requestId, body);
  let kept: Kept | Stored;
  try {
    kept = await keepMark(app, caller, driver, body);
  } catch (error) {
    // Two sends of one client id that did not meet on the stop's lock: the unique index kept one.
    if (uniqueViolation(error) !== 'collection_marks_client_unique') throw error;
    const first = await storedMark(app.db, driver.id, body.clientId);
    if (!first) throw error;
    return retryAnswer(first, body.collectionId);
  }
  if (!('target' in kept)) return retryAnswer(kept, body.collectionId);
  if (kept.moved) await mailAppliedMark(app, kept.target, body, kept.moved);
  const now = await storedMark(app.db, driver.id, body.clientId);
  if (!now) throw markNotFound();
  return answerOf(now);
}

/** The driver's own mark by client id, or 404 (another driver's is never found). */
export async function ownMark(db: DbOrTx, caller: Caller, clientId: string) {
  const driver = await driverOf(db, caller);
  const found = await storedMark(db, driver.id, clientId);
  if (!found || found.mark.transportCompanyId !== caller.companyId) throw markNotFound();
  return { driver, found };
}

/**
 * PUT /driver/marks/{clientId}/photo: the mark's photo, an attachment the mark owns. A second photo replaces the
 * first (whose object is deleted after the commit); the same photo again (same SHA-256) keeps the first and drops
 * the copy just stored.
 */
export async function storeMarkPhoto(
  app: FastifyInstance,
  caller: Caller,
  clientId: string,
  file: StoredFile,
  log: FastifyBaseLogger,
): Promise<DriverMarkResultAnswer> {
  const { driver } = await ownMark(app.db, caller, clientId);
  const outcome = await app.db.transaction(async (tx) => {
    const [mark] = await tx
      .select()
      .from(collectionMarks)
      .where(
        and(
          eq(collectionMarks.driverUserId, driver.id),
          eq(collectionMarks.clientId, clientId),
          eq(collectionMarks.transportCompanyId, caller.companyId),
        ),
      )
      .for('update');
    if (!mark) throw markNotFound();
    const old = await tx
      .select({
        id: attachments.id,
        sha256: attachments.sha256,
        storageDriver: attachments.storageDriver,
        storageKey: attachments.storageKey,
      })
      .from(attachments)
      .where(and(eq(attachments.ownerType, MARK_PHOTO_OWNER), eq(attachments.ownerId, mark.id)));
    if (old.some((o) => o.sha256 === file.sha256)) return { unused: [file], replaced: [] };
    await tx.insert(attachments).values({
      ownerType: MARK_PHOTO_OWNER,
      ownerId: mark.id,
      ...file,
      createdBy: caller.session.userId,
      createdAt: app.now(),
    });
    for (const o of old) await tx.delete(attachments).where(eq(attachments.id, o.id));
    await tx.update(collectionMarks).set({ hasPhoto: true }).where(eq(collectionMarks.id, mark.id));
    await recordAudit(tx, caller, {
      action: old.length ? 'collection_mark.photo_replace' : 'collection_mark.photo',
      entity: 'collection',
      entityId: mark.collectionId,
      detail: { markId: mark.id, fileName: file.fileName, size: file.size },
    });
    return { unused: [], replaced: old };
  });
  await app.files.deleteQuietly([...outcome.unused, ...outcome.replaced].map(storedRefOf), log);
  const now = await storedMark(app.db, driver.id, clientId);
  if (!now) throw markNotFound();
  return answerOf(now);
}
