import {
  COLLECTION_ACTION_RESULT,
  type CollectionAction,
  type CollectionDetail,
  type CollectionListQuery,
  type CollectionState,
  type CollectionStatus,
  type CollectionSummary,
  cancelRefusal,
  collectionActions,
  desiredDateIssue,
  type MessageCode,
  OPEN_COLLECTION_STATUSES,
} from '@junkan/shared';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  collectionHistory,
  collectionRequestLines,
  collectionRequests,
  collections,
  companies,
  contracts,
  dischargeSites,
  projects,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { businessDayLookup } from '../../lib/business-days';
import { siteAddress } from '../../lib/site-address';
import type { Caller } from '../../plugins/auth';
import {
  historyAuthor,
  openCollectionsOfLines,
  requestablePeriodOf,
  wasteNamesOfRequests,
} from '../project-core/collection-schedule';
import { quotedLines } from '../project-core/project-contract';
import { transitionProject } from '../project-core/project-status';
import {
  businessToday,
  checkRange,
  dateIssuesError,
  hasCompletionReport,
  lookAheadEnd,
  type Party,
} from './collection-common';
import { mailCollectionAction, mailRequestConfirmed } from './collection-mails';

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
  const companyId = caller.session.companyId;
  if (!companyId) return [];
  const rows = await summaryQuery(db)
    .where(
      and(
        ownedBy(party, companyId),
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
  const companyId = caller.session.companyId;
  const [row] = companyId
    ? await summaryQuery(db).where(and(eq(collections.id, id), ownedBy(party, companyId)))
    : [];
  if (!row) throw new AppError('collection_not_found', 'Collection not found');
  return row;
}

const stateOf = async (db: DbOrTx, row: SummaryRow): Promise<CollectionState> => ({
  status: row.collection.status as CollectionStatus,
  date: row.collection.date,
  hasReport: await hasCompletionReport(db, row.project, row.collection.date),
});

/** GET /collections/{id} and GET /trans/collections/{id}: the collection, its lines, history and the caller's actions. */
export async function collectionDetail(
  app: FastifyInstance,
  caller: Caller,
  party: Party,
  id: number,
): Promise<CollectionDetail> {
  const db = app.db;
  const row = await collectionOf(db, caller, party, id);
  const state = await stateOf(db, row);
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
  };
}

/** Why `action` is refused now, or null: the specific rule where there is one, else an invalid transition. */
function refusalOf(
  state: CollectionState,
  party: Party,
  action: CollectionAction,
  today: string,
): MessageCode | null {
  if (collectionActions(state, party, today).includes(action)) return null;
  if (action === 'CANCEL') return cancelRefusal(state, today) ?? 'invalid_status_transition';
  const recordable: CollectionStatus[] = ['CONFIRMED', 'COLLECTED', 'NOT_COLLECTED'];
  if ((action === 'MARK_COLLECTED' || action === 'MARK_NOT_COLLECTED') && recordable.includes(state.status))
    return state.date > today ? 'collection_date_not_reached' : 'invalid_status_transition';
  return 'invalid_status_transition';
}

export interface ActionInput {
  reason?: string | undefined;
  /** The proposed or newly desired date (PROPOSE_DATE, ASK_AGAIN). */
  date?: string;
}

/** A new date of a collection: section 5's rules for a desired date, and not a day the same waste is collected. */
async function checkNewDate(db: DbOrTx, row: SummaryRow, date: string, today: string) {
  const c = row.collection;
  const period = requestablePeriodOf(row.contract);
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

/**
 * One party's action on a collection: checked with the shared `collectionActions` (the specific refusal
 * where there is one), then in one transaction, with the project locked: a compare-and-set on the version,
 * the history row and an audit row; a cancelled spot collection that was its project's last cancels the
 * project. The other side is mailed afterwards.
 */
export async function actOnCollection(
  app: FastifyInstance,
  caller: Caller,
  party: Party,
  id: number,
  action: CollectionAction,
  input: ActionInput = {},
) {
  const today = businessToday(app);
  const at = app.now();
  const row = await collectionOf(app.db, caller, party, id);
  const c = row.collection;
  const to = COLLECTION_ACTION_RESULT[action];
  const refusal = refusalOf(await stateOf(app.db, row), party, action, today);
  if (refusal)
    throw new AppError(refusal, `The collection cannot be changed now (${action})`, undefined, {
      from: c.status,
      to,
    });
  const changesDate = action === 'PROPOSE_DATE' || action === 'ASK_AGAIN';
  const date = changesDate && input.date ? input.date : c.date;
  const reason = input.reason || null;

  const projectCancelled = await app.db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id, status: projects.status })
      .from(projects)
      .where(eq(projects.id, c.projectId))
      .for('update');
    if (changesDate) await checkNewDate(tx, row, date, today);
    const updated = await tx
      .update(collections)
      .set({
        status: to,
        date,
        ...(action === 'ASK_AGAIN' ? { desiredDate: date } : {}),
        reason,
        version: c.version + 1,
        updatedAt: at,
      })
      .where(and(eq(collections.id, id), eq(collections.version, c.version)))
      .returning({ id: collections.id });
    if (updated.length === 0)
      throw new AppError('invalid_status_transition', 'The collection changed meanwhile', undefined, {
        from: c.status,
        to,
      });
    await tx.insert(collectionHistory).values({
      collectionId: id,
      fromStatus: c.status,
      toStatus: to,
      fromDate: c.date,
      toDate: date,
      reason,
      ...historyAuthor({ source: caller, role: party, at }),
    });
    await recordAudit(tx, caller, {
      action: `collection.${action.toLowerCase()}`,
      entity: 'collection',
      entityId: id,
      detail: { from: c.status, to, ...(date !== c.date ? { fromDate: c.date, toDate: date } : {}) },
    });
    if (action !== 'CANCEL' || row.contract.contractType !== 'SPOT' || project?.status !== 'IN_PROGRESS')
      return false;
    // A spot contract is its one collection: when none is left to happen or done, the project is cancelled.
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(collections)
      .where(
        and(
          eq(collections.projectId, c.projectId),
          inArray(collections.status, [...OPEN_COLLECTION_STATUSES, 'COLLECTED']),
        ),
      );
    if ((left?.n ?? 0) > 0) return false;
    // The discharger's act moves the project by the rule, so the move is the system's (the discharger may not
    // cancel a project in progress by itself); its history row names the discharger and the reason.
    await transitionProject(
      tx,
      caller,
      { id: project.id, status: 'IN_PROGRESS' },
      'CANCEL',
      'SYSTEM',
      reason ?? 'スポット回収のキャンセル',
    );
    return true;
  });

  await mailCollectionAction(app, {
    action,
    party,
    collectionId: id,
    projectTitle: row.project.title,
    siteName: row.site.name,
    companyId: party === 'WASTE' ? c.transportCompanyId : c.companyId,
    fromDate: c.date,
    date,
    reason,
    projectCancelled,
  });
  return { id, status: to, date, projectCancelled };
}

/**
 * POST /trans/collection-requests/{id}/confirm: the transporter confirms every desired date of a request at
 * once (each a compare-and-set on its status, with its history row).
 */
export async function confirmCollectionRequest(app: FastifyInstance, caller: Caller, requestId: number) {
  const companyId = caller.session.companyId;
  const [request] = companyId
    ? await app.db
        .select({
          id: collectionRequests.id,
          companyId: collectionRequests.companyId,
          projectTitle: projects.title,
        })
        .from(collectionRequests)
        .innerJoin(projects, eq(projects.id, collectionRequests.projectId))
        .where(
          and(eq(collectionRequests.id, requestId), eq(collectionRequests.transportCompanyId, companyId)),
        )
    : [];
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
