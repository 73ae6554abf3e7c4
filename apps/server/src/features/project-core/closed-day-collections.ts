/**
 * The business calendar's hook on the collections: when a transporter stops collecting on a day (a closed day
 * added, a weekday dropped, holidays or the year-end break closed), each collection still to happen on such a
 * day is given a new date to answer. The business calendar calls these without depending on the collections
 * feature; the move itself is the collections' own `moveCollection`.
 */

import type { CalendarImpactItem } from '@junkan/shared/api/business-calendar';
import type { BusinessDayInfo, NonBusinessReason } from '@junkan/shared/business-day';
import {
  type CollectionStatus,
  OPEN_COLLECTION_STATUSES,
  rescheduledDate,
} from '@junkan/shared/collection-rules';
import { paths } from '@junkan/shared/paths';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import {
  collectionRequestLines,
  collectionRequests,
  collections,
  companies,
  contracts,
  dischargeSites,
  projects,
} from '../../db/schema';
import type { AuditSource } from '../../lib/audit';
import { mailCompany } from '../../plugins/mail';
import { lookAheadEnd, type MovableCollection, moveCollection } from './collection-moves';
import { openCollectionsOfLines, requestablePeriodOf } from './collection-schedule';

/** The transporter's calendar as it is (or would be) after the change, for any date from `from` to `to`. */
type CalendarLookupOf = (from: string, to: string) => Promise<(date: string) => BusinessDayInfo>;

/** A collection on a day no longer collected, and the date it is to be proposed (null: it is returned). */
interface ClosedDayMove extends MovableCollection {
  day: BusinessDayInfo & { reason: NonBusinessReason };
  proposedDate: string | null;
  projectTitle: string;
  dischargerName: string;
  site: { id: number; name: string };
}

const discharger = alias(companies, 'discharger');

/**
 * The transporter's collections still to happen (from Japan date `today`) on days its calendar does not
 * collect on, by date, each with its next collectable day in its contract's period on which the same waste
 * is not collected yet (counting the dates proposed to the ones before it). The preview and the save both
 * answer this, so the screen shows exactly what saving does.
 */
export async function closedDayMoves(
  db: DbOrTx,
  transportCompanyId: number,
  today: string,
  lookupOf: CalendarLookupOf,
): Promise<ClosedDayMove[]> {
  const open = await db
    .select({
      collection: collections,
      contract: {
        startDate: contracts.startDate,
        endDate: contracts.endDate,
        contractType: contracts.contractType,
        renewal: contracts.renewal,
      },
      project: { id: projects.id, type: projects.type, title: projects.title },
      dischargerName: discharger.name,
      site: { id: dischargeSites.id, name: dischargeSites.name },
    })
    .from(collections)
    .innerJoin(collectionRequests, eq(collectionRequests.id, collections.requestId))
    .innerJoin(contracts, eq(contracts.id, collectionRequests.contractId))
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .innerJoin(discharger, eq(discharger.id, collections.companyId))
    .innerJoin(dischargeSites, eq(dischargeSites.id, collections.dischargeSiteId))
    .where(
      and(
        eq(collections.transportCompanyId, transportCompanyId),
        inArray(collections.status, [...OPEN_COLLECTION_STATUSES]),
        gte(collections.date, today),
      ),
    )
    .orderBy(asc(collections.date), asc(collections.id));
  const last = open.at(-1)?.collection.date;
  if (!last) return [];
  const lookup = await lookupOf(today, lookAheadEnd(last));
  const closed = open.filter((r) => !lookup(r.collection.date).isBusinessDay);
  if (closed.length === 0) return [];

  const lines = await db
    .select({ requestId: collectionRequestLines.requestId, wasteLineId: collectionRequestLines.wasteLineId })
    .from(collectionRequestLines)
    .where(
      inArray(collectionRequestLines.requestId, [...new Set(closed.map((r) => r.collection.requestId))]),
    );
  // Dates proposed to earlier collections of the plan, by project and waste line.
  const proposed = new Map<string, Set<string>>();
  const moves: ClosedDayMove[] = [];
  for (const r of closed) {
    const c = r.collection;
    const lineIds = lines.filter((l) => l.requestId === c.requestId).map((l) => l.wasteLineId);
    const end = lookAheadEnd(c.date);
    const taken = new Set(
      (await openCollectionsOfLines(db, c.projectId, lineIds, c.date, end, c.id)).map((o) => o.date),
    );
    for (const id of lineIds) for (const date of proposed.get(`${c.projectId}:${id}`) ?? []) taken.add(date);
    const period = requestablePeriodOf(r.contract);
    const proposedDate = rescheduledDate(c.date, { today, period, lookup }, taken);
    if (proposedDate)
      for (const id of lineIds) {
        const key = `${c.projectId}:${id}`;
        proposed.set(key, (proposed.get(key) ?? new Set()).add(proposedDate));
      }
    const day = lookup(c.date);
    moves.push({
      ...r,
      project: { id: r.project.id, type: r.project.type },
      projectTitle: r.project.title,
      day: { ...day, reason: day.reason ?? 'NOT_BUSINESS_WEEKDAY' },
      proposedDate,
    });
  }
  return moves;
}

/** A planned move as the preview answers it. */
export const closedDayMoveItem = (m: ClosedDayMove): CalendarImpactItem => ({
  id: m.collection.id,
  date: m.collection.date,
  status: m.collection.status as CollectionStatus,
  reason: m.day.reason,
  proposedDate: m.proposedDate,
  project: { id: m.project.id, title: m.projectTitle },
  discharger: { id: m.collection.companyId, name: m.dischargerName },
  dischargeSite: m.site,
});

/** Why the day is not collected any more, in the history and the mail (the discharger's words, Japanese). */
function dayText(day: ClosedDayMove['day']): string {
  switch (day.reason) {
    case 'CLOSED_DAY':
      return `収集運搬業者の休業日${day.closedReason ? `（${day.closedReason}）` : ''}`;
    case 'NATIONAL_HOLIDAY':
      return `収集運搬業者の休業日（祝日${day.holidayName ? `: ${day.holidayName}` : ''}）`;
    case 'YEAR_END':
      return '収集運搬業者の年末年始休業';
    case 'NOT_BUSINESS_WEEKDAY':
      return '収集運搬業者の定休日';
  }
}

const reasonOf = (m: ClosedDayMove) =>
  m.proposedDate
    ? `${dayText(m.day)}のため、回収日を再調整します。`
    : `${dayText(m.day)}のため回収できず、契約期間内に回収できる日がありません。`;

/**
 * Calendar hook, in the transaction that saved the change (so `tx` reads the calendar as changed): each
 * collection still to happen on a day no longer collected is proposed its next collectable day (the
 * discharger accepts it or asks for another), or returned when the contract period has none left, through
 * `moveCollection` as the transporter, with the reason in its history; each discharger is mailed once, in
 * the same transaction, with its collections listed. Answers how many were moved.
 */
export async function rescheduleClosedDayCollections(
  app: FastifyInstance,
  tx: Tx,
  source: AuditSource,
  transportCompanyId: number,
  today: string,
  lookupOf: CalendarLookupOf,
): Promise<number> {
  const moves = await closedDayMoves(tx, transportCompanyId, today, lookupOf);
  const at = app.now();
  for (const m of moves)
    await moveCollection(
      tx,
      { source, role: 'TRANSPORT', at },
      m,
      m.proposedDate ? 'PROPOSE_DATE' : 'RETURN',
      { date: m.proposedDate ?? undefined, reason: reasonOf(m), dayClosed: true },
      today,
    );
  const byDischarger = new Map<number, ClosedDayMove[]>();
  for (const m of moves)
    byDischarger.set(m.collection.companyId, [...(byDischarger.get(m.collection.companyId) ?? []), m]);
  for (const [companyId, list] of byDischarger)
    await mailCompany(
      app,
      companyId,
      'WASTE',
      {
        subject: `【junkan】回収日の再調整のお願い（${list.length}件） / Collection dates to arrange again`,
        lines: [
          '収集運搬業者の営業日・休業日が変更され、次の回収日には回収できなくなりました。',
          '提案日のある回収は、提案を承諾するか、希望日を再度指定してください。提案日のない回収は差し戻されました。',
          '',
          ...list.map(
            (m) =>
              `・${m.collection.date} ${m.projectTitle}（${m.site.name}）: ${dayText(m.day)} → ${
                m.proposedDate
                  ? `提案日 ${m.proposedDate}`
                  : '差し戻し（契約期間内に回収できる日がありません）'
              }`,
          ),
        ],
        english:
          'The transporter changed its business days, and the collections listed fall on days it no longer collects on. Accept each proposed date or ask for another; those without one were returned.',
        path: paths.collectionSchedules.to(),
      },
      { tx },
    );
  return moves.length;
}
