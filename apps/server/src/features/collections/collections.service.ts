import type {
  CollectionDetail,
  CollectionListQuery,
  CollectionSummary,
} from '@junkan/shared/api/collections';
import {
  type CollectionAction,
  type CollectionStatus,
  collectionActions,
} from '@junkan/shared/collection-rules';
import { isStandingMark, STANDING_MARK_STATES } from '@junkan/shared/driver-rules';
import { and, asc, between, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  attachments,
  collectionHistory,
  collectionMarks,
  collectionRequestLines,
  collectionRequests,
  collections,
  companies,
  contracts,
  dischargeSites,
  projects,
  users,
  vehicles,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { siteAddress } from '../../lib/site-address';
import type { Caller } from '../../plugins/auth';
import { storedFileColumns } from '../../plugins/file-storage';
import { mailCollectionAction, mailRequestConfirmed } from '../project-core/collection-mails';
import { MARK_PHOTO_OWNER, proofsOf } from '../project-core/collection-marks';
import { collectionStateOf, moveCollection } from '../project-core/collection-moves';
import { historyAuthor, wasteNamesOfRequests } from '../project-core/collection-schedule';
import { quotedLines } from '../project-core/project-contract';
import { businessToday, checkRange, type Party } from './collection-common';

/** At most this many collections in one list (93 days of a busy transporter). */
export const COLLECTION_LIST_LIMIT = 3000;

const discharger = alias(companies, 'discharger');
const transporter = alias(companies, 'transporter');

/** The party's own collections: a discharger its company's, a transporter those it collects. */
const ownedBy = (party: Party, companyId: number) =>
  party === 'WASTE' ? eq(collections.companyId, companyId) : eq(collections.transportCompanyId, companyId);

const summarySelect = {
  collection: collections,
  request: {
    kind: collectionRequests.kind,
    frequency: collectionRequests.frequency,
    weekdays: collectionRequests.weekdays,
    vehicleLimit: collectionRequests.vehicleLimit,
    entryFrom: collectionRequests.entryFrom,
    entryUntil: collectionRequests.entryUntil,
    memo: collectionRequests.memo,
    contractId: collectionRequests.contractId,
  },
  project: { id: projects.id, title: projects.title, type: projects.type, status: projects.status },
  contract: {
    contractType: contracts.contractType,
    startDate: contracts.startDate,
    endDate: contracts.endDate,
    renewal: contracts.renewal,
  },
  dischargerName: discharger.name,
  transporterName: transporter.name,
  site: dischargeSites,
};

function summaryQuery(db: DbOrTx) {
  return db
    .select(summarySelect)
    .from(collections)
    .innerJoin(collectionRequests, eq(collectionRequests.id, collections.requestId))
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .innerJoin(contracts, eq(contracts.id, collectionRequests.contractId))
    .innerJoin(discharger, eq(discharger.id, collections.companyId))
    .innerJoin(transporter, eq(transporter.id, collections.transportCompanyId))
    .innerJoin(dischargeSites, eq(dischargeSites.id, collections.dischargeSiteId));
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

function toSummary(r: SummaryRow, wasteNames: string[]): CollectionSummary {
  const c = r.collection;
  return {
    id: c.id,
    requestId: c.requestId,
    date: c.date,
    desiredDate: c.desiredDate,
    status: c.status as CollectionStatus,
    skipReason: (c.skipReason ?? null) as CollectionSummary['skipReason'],
    project: { id: r.project.id, title: r.project.title, type: r.project.type },
    contractType: r.contract.contractType as CollectionSummary['contractType'],
    discharger: { id: c.companyId, name: r.dischargerName },
    transportCompany: { id: c.transportCompanyId, name: r.transporterName },
    dischargeSite: { id: r.site.id, name: r.site.name, address: siteAddress(r.site) },
    wasteNames,
    vehicleLimit: r.request.vehicleLimit as CollectionSummary['vehicleLimit'],
  };
}

/** GET /collections and GET /trans/collections: the party's collections dated in a range (93 days at most). */
export async function listCollections(
  db: DbOrTx,
  caller: Caller,
  party: Party,
  query: CollectionListQuery,
): Promise<CollectionSummary[]> {
  checkRange(query.from, query.to);
  const rows = await summaryQuery(db)
    .where(
      and(
        ownedBy(party, caller.companyId),
        between(collections.date, query.from, query.to),
        query.projectId === undefined ? undefined : eq(collections.projectId, query.projectId),
        query.dischargeSiteId === undefined
          ? undefined
          : eq(collections.dischargeSiteId, query.dischargeSiteId),
        query.status === undefined ? undefined : eq(collections.status, query.status),
        party === 'TRANSPORT' && query.companyId !== undefined
          ? eq(collections.companyId, query.companyId)
          : undefined,
      ),
    )
    .orderBy(asc(collections.date), asc(collections.id))
    .limit(COLLECTION_LIST_LIMIT);
  const names = await wasteNamesOfRequests(db, [...new Set(rows.map((r) => r.collection.requestId))]);
  return rows.map((r) => toSummary(r, names.get(r.collection.requestId) ?? []));
}

/** The party's collection `id`, or 404: another company's is never shown. */
async function collectionOf(db: DbOrTx, caller: Caller, party: Party, id: number): Promise<SummaryRow> {
  const [row] = await summaryQuery(db).where(and(eq(collections.id, id), ownedBy(party, caller.companyId)));
  if (!row) throw new AppError('collection_not_found', 'Collection not found');
  return row;
}

/** GET /collections/{id} and GET /trans/collections/{id}: the collection, its lines, history and the caller's actions. */
export async function collectionDetail(
  app: FastifyInstance,
  caller: Caller,
  party: Party,
  id: number,
): Promise<CollectionDetail> {
  const db = app.db;
  const row = await collectionOf(db, caller, party, id);
  const state = await collectionStateOf(db, row);
  const lines = await db
    .select()
    .from(collectionRequestLines)
    .where(eq(collectionRequestLines.requestId, row.collection.requestId))
    .orderBy(asc(collectionRequestLines.id));
  const projectLines = new Map(
    (await quotedLines(db, row.project.id, row.collection.transportCompanyId)).map((l) => [l.id, l]),
  );
  const history = await db
    .select({ h: collectionHistory, userName: users.userName })
    .from(collectionHistory)
    .leftJoin(users, eq(users.id, collectionHistory.userId))
    .where(eq(collectionHistory.collectionId, id))
    .orderBy(asc(collectionHistory.createdAt), asc(collectionHistory.id));
  // The discharger sees what the collection records; a conflict or a discarded mark is the transporter's business.
  const proofs = ((await proofsOf(db, [id])).get(id) ?? []).filter(
    (p) => party === 'TRANSPORT' || isStandingMark(p.state),
  );
  return {
    ...toSummary(
      row,
      lines.map((l) => projectLines.get(l.wasteLineId)?.wasteName ?? ''),
    ),
    reason: row.collection.reason,
    hasReport: state.hasReport,
    lines: lines.map((l) => {
      const line = projectLines.get(l.wasteLineId);
      return {
        wasteLineId: l.wasteLineId,
        wasteName: line?.wasteName ?? '',
        kind: line?.kind ?? row.project.type,
        bags: l.bags,
        volume: l.volume == null ? null : Number(l.volume),
        unit: line?.measureUnit ?? null,
      };
    }),
    frequency: (row.request.frequency ?? null) as CollectionDetail['frequency'],
    weekdays: row.request.weekdays,
    entryFrom: row.request.entryFrom,
    entryUntil: row.request.entryUntil,
    memo: row.request.memo,
    dischargeSiteDetail: { postalCode: row.site.postalCode, tel: row.site.tel, pic: row.site.pic },
    actions: collectionActions(state, party, businessToday(app)),
    history: history.map(({ h, userName }) => ({
      fromStatus: (h.fromStatus ?? null) as CollectionStatus | null,
      toStatus: h.toStatus as CollectionStatus,
      fromDate: h.fromDate,
      toDate: h.toDate,
      reason: h.reason,
      userName: userName ?? null,
      role: h.role as 'WASTE' | 'TRANSPORT' | 'SYSTEM',
      actedByAdmin: h.adminId != null,
      createdAt: h.createdAt.toISOString(),
    })),
    proofs,
    dispatch: party === 'TRANSPORT' ? await dispatchOf(db, row.collection) : null,
  };
}

/** The office's dispatch of a collection: the driver's and the vehicle's names, and its place in the round. */
async function dispatchOf(
  db: DbOrTx,
  c: { driverUserId: number | null; vehicleId: number | null; stopOrder: number | null },
): Promise<NonNullable<CollectionDetail['dispatch']>> {
  const [driver] = c.driverUserId
    ? await db.select({ name: users.userName }).from(users).where(eq(users.id, c.driverUserId))
    : [];
  const [vehicle] = c.vehicleId
    ? await db.select({ name: vehicles.name }).from(vehicles).where(eq(vehicles.id, c.vehicleId))
    : [];
  return { driverName: driver?.name ?? null, vehicleName: vehicle?.name ?? null, stopOrder: c.stopOrder };
}

/**
 * GET /collections/{id}/proofs/{proofId}/photo and /trans/...: a mark's photo on the party's own collection (another
 * company's collection, a mark of another collection or one without a photo is 404).
 */
export async function proofPhoto(db: DbOrTx, caller: Caller, party: Party, id: number, proofId: number) {
  await collectionOf(db, caller, party, id);
  const [photo] = await db
    .select(storedFileColumns)
    .from(collectionMarks)
    .innerJoin(
      attachments,
      and(eq(attachments.ownerType, MARK_PHOTO_OWNER), eq(attachments.ownerId, collectionMarks.id)),
    )
    .where(
      and(
        eq(collectionMarks.id, proofId),
        eq(collectionMarks.collectionId, id),
        party === 'TRANSPORT' ? undefined : inArray(collectionMarks.state, [...STANDING_MARK_STATES]),
      ),
    )
    .orderBy(desc(attachments.id))
    .limit(1);
  if (!photo) throw new AppError('driver_mark_not_found', 'Photo not found');
  return photo;
}

export interface ActionInput {
  reason?: string | undefined;
  /** The proposed or newly desired date (PROPOSE_DATE, ASK_AGAIN). */
  date?: string;
}

/**
 * One party's action on a collection: the shared move (`moveCollection`: the rules, the compare-and-set,
 * the history and audit, a spot project cancelled with its last collection) in one transaction, then the
 * other side is mailed.
 */
export async function actOnCollection(
  app: FastifyInstance,
  caller: Caller,
  party: Party,
  id: number,
  action: CollectionAction,
  input: ActionInput = {},
) {
  const row = await collectionOf(app.db, caller, party, id);
  const c = row.collection;
  const moved = await app.db.transaction((tx) =>
    moveCollection(
      tx,
      { source: caller, role: party, at: app.now() },
      row,
      action,
      input,
      businessToday(app),
    ),
  );
  await mailCollectionAction(app, {
    action,
    party,
    collectionId: id,
    projectTitle: row.project.title,
    siteName: row.site.name,
    companyId: party === 'WASTE' ? c.transportCompanyId : c.companyId,
    fromDate: c.date,
    date: moved.date,
    reason: input.reason || null,
    projectCancelled: moved.projectCancelled,
  });
  return { id, ...moved };
}

/**
 * POST /trans/collection-requests/{id}/confirm: the transporter confirms every desired date of a request at
 * once (each a compare-and-set on its status, with its history row).
 */
export async function confirmCollectionRequest(app: FastifyInstance, caller: Caller, requestId: number) {
  const [request] = await app.db
    .select({
      id: collectionRequests.id,
      companyId: collectionRequests.companyId,
      projectTitle: projects.title,
    })
    .from(collectionRequests)
    .innerJoin(projects, eq(projects.id, collectionRequests.projectId))
    .where(
      and(eq(collectionRequests.id, requestId), eq(collectionRequests.transportCompanyId, caller.companyId)),
    );
  if (!request) throw new AppError('collection_request_not_found', 'Collection request not found');
  const at = app.now();
  const confirmed = await app.db.transaction(async (tx) => {
    const rows = await tx
      .update(collections)
      .set({ status: 'CONFIRMED', reason: null, version: sql`${collections.version} + 1`, updatedAt: at })
      .where(and(eq(collections.requestId, requestId), eq(collections.status, 'DESIRED_DATE')))
      .returning({ id: collections.id, date: collections.date });
    if (rows.length === 0) return rows;
    await tx.insert(collectionHistory).values(
      rows.map((r) => ({
        collectionId: r.id,
        fromStatus: 'DESIRED_DATE',
        toStatus: 'CONFIRMED',
        fromDate: r.date,
        toDate: r.date,
        reason: null,
        ...historyAuthor({ source: caller, role: 'TRANSPORT', at }),
      })),
    );
    await recordAudit(tx, caller, {
      action: 'collection_request.confirm',
      entity: 'collection_request',
      entityId: requestId,
      detail: { confirmed: rows.length },
    });
    return rows.sort((a, b) => a.date.localeCompare(b.date));
  });
  if (confirmed.length > 0)
    await mailRequestConfirmed(app, request.companyId, request.projectTitle, confirmed);
  return { confirmed: confirmed.length };
}
