/**
 * The drivers' marks on collections (issue 30), as every feature reads and applies them: the proofs a collection's
 * detail shows both sides, the office's conflicts and the driver's own answers; a mark applied to its collection
 * through the one move (`moveCollection`), so the rules, the compare-and-set, the history and the audit are written
 * once whoever applies it (the driver's call, or the office deciding a conflict); and the month's marks the regular
 * report's draft is made of.
 */
import type { Proof } from '@junkan/shared/api/drivers';
import type { CollectionRole, CollectionStatus } from '@junkan/shared/collection-rules';
import {
  type DriverMarkResult,
  type DriverMarkState,
  monthDraft,
  type NotCollectedReason,
} from '@junkan/shared/driver-rules';
import type { ProjectType } from '@junkan/shared/enums';
import { REGULAR_QUANTITY_UNIT } from '@junkan/shared/quote-pricing';
import { and, asc, between, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import {
  collectionMarks,
  collectionRequests,
  collections,
  contracts,
  dischargeSites,
  projects,
  projectWasteLines,
  unitMeasures,
  users,
  vehicles,
} from '../../db/schema';
import { mailCollectionAction, notCollectedReasonText } from './collection-mails';
import { type MovableCollection, moveCollection } from './collection-moves';
import type { CollectionWriter } from './collection-schedule';

/** `attachments.owner_type` of a mark's photo (`owner_id` the mark's id): at most one per mark. */
export const MARK_PHOTO_OWNER = 'COLLECTION_MARK';

/** The marks that stand: applied at once, or by the office after a conflict. */
export const STANDING_MARK_STATES = [
  'APPLIED',
  'RESOLVED_APPLIED',
] as const satisfies readonly DriverMarkState[];

export interface WasteLineInfo {
  wasteName: string;
  kind: ProjectType;
  /** The unit a volume of the line is counted in: the line's unit of measure, else kg for regular waste. */
  unit: string | null;
  wasteId: number | null;
}

/** Each project waste line's name, kind, unit and waste, from the lines and the unit master (never a price). */
export async function wasteLinesOf(
  db: DbOrTx,
  lineIds: readonly number[],
): Promise<Map<number, WasteLineInfo>> {
  const found = new Map<number, WasteLineInfo>();
  if (lineIds.length === 0) return found;
  const rows = await db
    .select({
      id: projectWasteLines.id,
      wasteName: projectWasteLines.wasteName,
      kind: projectWasteLines.kind,
      quantityUnit: projectWasteLines.quantityUnit,
      unit: unitMeasures.unit,
      wasteId: projectWasteLines.wasteId,
    })
    .from(projectWasteLines)
    .leftJoin(unitMeasures, eq(unitMeasures.id, projectWasteLines.unitMeasureId))
    .where(inArray(projectWasteLines.id, [...new Set(lineIds)]));
  for (const r of rows)
    found.set(r.id, {
      wasteName: r.wasteName,
      kind: r.kind,
      unit: r.unit ?? r.quantityUnit ?? (r.kind === 'REGULAR' ? REGULAR_QUANTITY_UNIT : null),
      wasteId: r.wasteId,
    });
  return found;
}

type MarkRow = typeof collectionMarks.$inferSelect;

/** A mark as both sides see it, with its lines named. */
function toProof(
  m: MarkRow,
  names: { driverName: string | null; vehicleName: string | null },
  lines: Map<number, WasteLineInfo>,
): Proof {
  return {
    id: m.id,
    collectionId: m.collectionId,
    result: m.result as DriverMarkResult,
    reasonCode: (m.reasonCode ?? null) as NotCollectedReason | null,
    reasonText: m.reasonText,
    lines: m.lines.map((l) => {
      const info = lines.get(l.wasteLineId);
      return {
        ...l,
        wasteName: info?.wasteName ?? '',
        unit: info?.unit ?? null,
        kind: info?.kind ?? 'REGULAR',
      };
    }),
    markedAt: m.markedAt.toISOString(),
    receivedAt: m.receivedAt.toISOString(),
    driverName: names.driverName ?? '',
    vehicleName: names.vehicleName,
    state: m.state as DriverMarkState,
    conflictCode: m.conflictCode,
    hasPhoto: m.hasPhoto,
    position:
      m.latitude != null && m.longitude != null
        ? { latitude: m.latitude, longitude: m.longitude, accuracy: m.accuracy }
        : null,
  };
}

/** The marks `where` selects as proofs, oldest first. */
async function readProofs(db: DbOrTx, where: SQL | undefined): Promise<Proof[]> {
  const rows = await db
    .select({ mark: collectionMarks, driverName: users.userName, vehicleName: vehicles.name })
    .from(collectionMarks)
    .leftJoin(users, eq(users.id, collectionMarks.driverUserId))
    .leftJoin(vehicles, eq(vehicles.id, collectionMarks.vehicleId))
    .where(where)
    .orderBy(asc(collectionMarks.receivedAt), asc(collectionMarks.id));
  const lines = await wasteLinesOf(
    db,
    rows.flatMap((r) => r.mark.lines.map((l) => l.wasteLineId)),
  );
  return rows.map((r) => toProof(r.mark, r, lines));
}

/** Each collection's marks (oldest first) as proofs; a collection without marks is absent. */
export async function proofsOf(db: DbOrTx, collectionIds: readonly number[]): Promise<Map<number, Proof[]>> {
  const byCollection = new Map<number, Proof[]>();
  if (collectionIds.length === 0) return byCollection;
  for (const proof of await readProofs(db, inArray(collectionMarks.collectionId, [...collectionIds])))
    byCollection.set(proof.collectionId, [...(byCollection.get(proof.collectionId) ?? []), proof]);
  return byCollection;
}

/** The marks of these ids as proofs (the office's conflicts), oldest first. */
export function proofsByIds(db: DbOrTx, markIds: readonly number[]): Promise<Proof[]> {
  if (markIds.length === 0) return Promise.resolve([]);
  return readProofs(db, inArray(collectionMarks.id, [...markIds]));
}

/** A collection a mark is applied to: what a move reads, and what its mail names. */
export interface MarkTarget extends MovableCollection {
  project: { id: number; type: 'REGULAR' | 'INDUSTRIAL'; title: string };
  siteName: string;
}

/**
 * The collection a mark is about, read for a move; with `lock`, its project then its row are locked (the order
 * every move takes: `moveCollection` locks the project first), so the state read is the state written over.
 */
export async function markTargetOf(
  db: DbOrTx,
  collectionId: number,
  lock = false,
): Promise<MarkTarget | null> {
  if (lock) {
    const [owner] = await db
      .select({ projectId: collections.projectId })
      .from(collections)
      .where(eq(collections.id, collectionId));
    if (!owner) return null;
    await db.select({ id: projects.id }).from(projects).where(eq(projects.id, owner.projectId)).for('update');
  }
  const query = db
    .select({
      collection: collections,
      contract: {
        contractType: contracts.contractType,
        startDate: contracts.startDate,
        endDate: contracts.endDate,
        renewal: contracts.renewal,
      },
      project: { id: projects.id, type: projects.type, title: projects.title },
      siteName: dischargeSites.name,
    })
    .from(collections)
    .innerJoin(collectionRequests, eq(collectionRequests.id, collections.requestId))
    .innerJoin(contracts, eq(contracts.id, collectionRequests.contractId))
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .innerJoin(dischargeSites, eq(dischargeSites.id, collections.dischargeSiteId))
    .where(eq(collections.id, collectionId));
  const [row] = lock ? await query.for('update', { of: collections }) : await query;
  return row
    ? { ...row, project: { ...row.project, type: row.project.type as 'REGULAR' | 'INDUSTRIAL' } }
    : null;
}

/** What of a mark its collection takes. */
export interface MarkToApply {
  result: DriverMarkResult;
  reasonCode: NotCollectedReason | null;
  reasonText: string | null;
}

/**
 * Applies a mark to its collection in the caller's transaction: MARK_COLLECTED or MARK_NOT_COLLECTED through the
 * one move (the rules on `today`, the compare-and-set, the history row naming the writer, the audit row). A
 * not-collected mark's reason is written as the reason's words and the driver's. The caller mails the discharger
 * after the commit (`mailAppliedMark`).
 */
export function applyMark(
  tx: Tx,
  writer: CollectionWriter & { role: CollectionRole },
  target: MovableCollection,
  mark: MarkToApply,
  today: string,
) {
  const notCollected = mark.result === 'NOT_COLLECTED';
  return moveCollection(
    tx,
    writer,
    target,
    notCollected ? 'MARK_NOT_COLLECTED' : 'MARK_COLLECTED',
    { reason: notCollected ? notCollectedReasonText(mark.reasonCode, mark.reasonText) : null },
    today,
  );
}

/** Mails the discharger an applied mark: the same mail as when the office marks the collection itself. */
export function mailAppliedMark(
  app: FastifyInstance,
  target: MarkTarget,
  mark: MarkToApply,
  moved: { date: string; projectCancelled: boolean },
) {
  return mailCollectionAction(app, {
    action: mark.result === 'NOT_COLLECTED' ? 'MARK_NOT_COLLECTED' : 'MARK_COLLECTED',
    party: 'TRANSPORT',
    collectionId: target.collection.id,
    projectTitle: target.project.title,
    siteName: target.siteName,
    companyId: target.collection.companyId,
    fromDate: target.collection.date,
    date: moved.date,
    reason: mark.result === 'NOT_COLLECTED' ? notCollectedReasonText(mark.reasonCode, mark.reasonText) : null,
    projectCancelled: moved.projectCancelled,
  });
}

/**
 * What a month of a project's marks puts in its regular report's draft (`monthDraft`), per waste: for each
 * collection of the month that stands collected, the latest mark that stands on it (an older one was overruled).
 */
export async function monthMarkDraft(db: DbOrTx, projectId: number, year: number, month: number) {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  const marks = await db
    .select({
      collectionId: collectionMarks.collectionId,
      result: collectionMarks.result,
      state: collectionMarks.state,
      lines: collectionMarks.lines,
    })
    .from(collectionMarks)
    .innerJoin(collections, eq(collections.id, collectionMarks.collectionId))
    .where(
      and(
        eq(collections.projectId, projectId),
        between(collections.date, first, last),
        eq(collections.status, 'COLLECTED' satisfies CollectionStatus),
        inArray(collectionMarks.state, [...STANDING_MARK_STATES]),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${collectionMarks.resolvedAt}, ${collectionMarks.receivedAt})`),
      desc(collectionMarks.id),
    );
  const latest = new Map<number, (typeof marks)[number]>();
  for (const m of marks) if (!latest.has(m.collectionId)) latest.set(m.collectionId, m);
  const lines = await db
    .select({ id: projectWasteLines.id, wasteId: projectWasteLines.wasteId })
    .from(projectWasteLines)
    .where(eq(projectWasteLines.projectId, projectId));
  const wasteOfLine = new Map<number, number>();
  for (const l of lines) if (l.wasteId != null) wasteOfLine.set(l.id, l.wasteId);
  return monthDraft(
    [...latest.values()].map((m) => ({
      result: m.result as DriverMarkResult,
      state: m.state as DriverMarkState,
      lines: m.lines,
    })),
    wasteOfLine,
  );
}
