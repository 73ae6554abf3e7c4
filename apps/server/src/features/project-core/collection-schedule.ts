/**
 * What the collection schedules share with the contracts: a contract's requestable period, writing
 * collections with their first history row, finding what a new date of the same waste collides with, and the
 * two contract hooks (a renewal extends the recurring requests; ending the auto-renewal removes what lies
 * beyond the period). The contracts feature calls these without depending on the collections feature.
 */
import {
  type CollectionFrequency,
  type CollectionStatus,
  OPEN_COLLECTION_STATUSES,
  type PlannedCollection,
  planRecurringCollections,
  requestablePeriod,
} from '@junkan/shared/collection-rules';
import { nextDay, renewedPeriod } from '@junkan/shared/contract-rules';
import { and, asc, between, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  collectionHistory,
  collectionRequestLines,
  collectionRequests,
  collections,
  projectWasteLines,
} from '../../db/schema';
import { type AuditSource, recordAudit } from '../../lib/audit';
import { businessDayLookup } from '../../lib/business-days';

/** What ending an auto-renewal removes beyond the period: what is still to happen, and skipped days. */
export const REMOVABLE_COLLECTION_STATUSES = [
  ...OPEN_COLLECTION_STATUSES,
  'SKIPPED',
] as const satisfies readonly CollectionStatus[];

/** Who a history row names: the discharger's side, the transporter's, or the contract calendar. */
export type CollectionHistoryRole = 'WASTE' | 'TRANSPORT' | 'SYSTEM';

export interface CollectionWriter {
  source: AuditSource;
  role: CollectionHistoryRole;
  /** The time written on the rows (the business clock for calls, the machine's for the calendar). */
  at: Date;
}

export interface ContractFrame {
  startDate: string;
  endDate: string;
  contractType: string;
  renewal: string | null;
}

/** The dates a request may ask for under a contract (the next period too while an auto-renewal continues). */
export function requestablePeriodOf(contract: ContractFrame): { startDate: string; endDate: string } {
  return requestablePeriod({
    ...contract,
    nextEndDate: renewedPeriod(contract.startDate, contract.endDate).endDate,
  });
}

/** Waste names of each request, in the lines' order. */
export async function wasteNamesOfRequests(db: DbOrTx, requestIds: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (requestIds.length === 0) return names;
  const rows = await db
    .select({ requestId: collectionRequestLines.requestId, wasteName: projectWasteLines.wasteName })
    .from(collectionRequestLines)
    .innerJoin(projectWasteLines, eq(projectWasteLines.id, collectionRequestLines.wasteLineId))
    .where(inArray(collectionRequestLines.requestId, requestIds))
    .orderBy(asc(collectionRequestLines.id));
  for (const r of rows) names.set(r.requestId, [...(names.get(r.requestId) ?? []), r.wasteName]);
  return names;
}

/** Who, in a history row. */
export const historyAuthor = (writer: CollectionWriter) => ({
  userId: writer.source.session?.userId ?? null,
  adminId: writer.source.session?.adminId ?? null,
  role: writer.role,
  createdAt: writer.at,
});

/** Rows per insert: well under the 65535 parameters a statement may carry. */
const CHUNK = 500;

/** Writes planned collections of a request, each with its first history row; answers them in date order. */
export async function insertCollections(
  tx: Tx,
  request: {
    id: number;
    projectId: number;
    companyId: number;
    transportCompanyId: number;
    dischargeSiteId: number;
  },
  planned: readonly PlannedCollection[],
  writer: CollectionWriter,
): Promise<{ id: number; date: string; status: string; skipReason: string | null }[]> {
  const inserted: { id: number; date: string; status: string; skipReason: string | null }[] = [];
  for (let i = 0; i < planned.length; i += CHUNK) {
    const rows = await tx
      .insert(collections)
      .values(
        planned.slice(i, i + CHUNK).map((p) => ({
          requestId: request.id,
          projectId: request.projectId,
          companyId: request.companyId,
          transportCompanyId: request.transportCompanyId,
          dischargeSiteId: request.dischargeSiteId,
          date: p.date,
          desiredDate: p.date,
          status: p.status,
          skipReason: p.skipReason ?? null,
          createdAt: writer.at,
          updatedAt: writer.at,
        })),
      )
      .returning({
        id: collections.id,
        date: collections.date,
        status: collections.status,
        skipReason: collections.skipReason,
      });
    await tx.insert(collectionHistory).values(
      rows.map((r) => ({
        collectionId: r.id,
        fromStatus: null,
        toStatus: r.status,
        fromDate: null,
        toDate: r.date,
        reason: null,
        ...historyAuthor(writer),
      })),
    );
    inserted.push(...rows);
  }
  return inserted.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

/**
 * Open collections (desired, adjusting, confirmed) of a project that collect one of `wasteLineIds` on a date
 * from `from` to `to`: a new date of the same waste on one of those days collides with them.
 */
export async function openCollectionsOfLines(
  db: DbOrTx,
  projectId: number,
  wasteLineIds: readonly number[],
  from: string,
  to: string,
  exceptCollectionId?: number,
): Promise<{ collectionId: number; date: string; wasteLineId: number }[]> {
  if (wasteLineIds.length === 0 || from > to) return [];
  return db
    .select({
      collectionId: collections.id,
      date: collections.date,
      wasteLineId: collectionRequestLines.wasteLineId,
    })
    .from(collections)
    .innerJoin(collectionRequestLines, eq(collectionRequestLines.requestId, collections.requestId))
    .where(
      and(
        eq(collections.projectId, projectId),
        inArray(collections.status, [...OPEN_COLLECTION_STATUSES]),
        inArray(collectionRequestLines.wasteLineId, [...wasteLineIds]),
        between(collections.date, from, to),
        exceptCollectionId === undefined ? undefined : ne(collections.id, exceptCollectionId),
      ),
    );
}

/** The recurring rule of a stored request. */
export const recurrenceOf = (request: { frequency: string | null; weekdays: number[] }) => ({
  frequency: (request.frequency ?? 'WEEKLY') as CollectionFrequency,
  weekdays: request.weekdays,
});

/**
 * Contract hook: generates each recurring request of a contract up to the contract's requestable end (after a
 * renewal, or when an ended auto-renewal continues again), closed days as SKIPPED, leaving out dates the
 * same waste is already collected on. Call it in the transaction that changed the contract.
 */
export async function extendRecurringRequests(
  tx: Tx,
  contract: ContractFrame & { id: number },
  writer: CollectionWriter,
): Promise<number> {
  const end = requestablePeriodOf(contract).endDate;
  const requests = await tx
    .select()
    .from(collectionRequests)
    .where(
      and(
        eq(collectionRequests.contractId, contract.id),
        eq(collectionRequests.kind, 'RECURRING'),
        or(isNull(collectionRequests.generatedUntil), lt(collectionRequests.generatedUntil, end)),
      ),
    )
    .orderBy(asc(collectionRequests.id))
    .for('update');
  let added = 0;
  for (const request of requests) {
    let from = request.generatedUntil ? nextDay(request.generatedUntil) : contract.startDate;
    if (from < contract.startDate) from = contract.startDate;
    const lineIds = (
      await tx
        .select({ wasteLineId: collectionRequestLines.wasteLineId })
        .from(collectionRequestLines)
        .where(eq(collectionRequestLines.requestId, request.id))
    ).map((l) => l.wasteLineId);
    const lookup = await businessDayLookup(tx, request.transportCompanyId, from, end);
    const taken = new Set(
      (await openCollectionsOfLines(tx, request.projectId, lineIds, from, end)).map((c) => c.date),
    );
    const planned = planRecurringCollections(recurrenceOf(request), from, end, lookup).filter(
      (p) => p.status === 'SKIPPED' || !taken.has(p.date),
    );
    await insertCollections(tx, request, planned, writer);
    await tx
      .update(collectionRequests)
      .set({ generatedUntil: end })
      .where(eq(collectionRequests.id, request.id));
    await recordAudit(tx, writer.source, {
      action: 'collection_request.extend',
      entity: 'collection_request',
      entityId: request.id,
      detail: { from, to: end, added: planned.length },
    });
    added += planned.length;
  }
  return added;
}

/**
 * Contract hook: when a party ends the auto-renewal, the collections still to happen (and skipped days)
 * dated after the contract's end are removed, and the recurring requests stop at the end. Answers how many
 * were removed. Call it in the transaction that recorded the decision.
 */
export async function removeCollectionsAfter(
  tx: Tx,
  contractId: number,
  endDate: string,
  source: AuditSource,
): Promise<number> {
  const ofContract = sql`(select ${collectionRequests.id} from ${collectionRequests} where ${collectionRequests.contractId} = ${contractId})`;
  const removed = await tx
    .delete(collections)
    .where(
      and(
        sql`${collections.requestId} in ${ofContract}`,
        gt(collections.date, endDate),
        inArray(collections.status, [...REMOVABLE_COLLECTION_STATUSES]),
      ),
    )
    .returning({ id: collections.id });
  await tx
    .update(collectionRequests)
    .set({ generatedUntil: endDate })
    .where(
      and(eq(collectionRequests.contractId, contractId), gt(collectionRequests.generatedUntil, endDate)),
    );
  if (removed.length > 0)
    await recordAudit(tx, source, {
      action: 'collection.remove_after_end',
      entity: 'contract',
      entityId: contractId,
      detail: { endDate, removed: removed.length },
    });
  return removed.length;
}
