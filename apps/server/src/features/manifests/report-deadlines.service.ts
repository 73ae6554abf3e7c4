import type {
  CollectionDeadlineItem,
  ReportDeadlineItem,
  ReportDeadlineList,
} from '@junkan/shared/api/manifests';
import {
  deadlineState,
  nextReportCountedDay,
  transportReportDeadline,
} from '@junkan/shared/transport-deadline';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { collections, companies, dischargeSites, projects, transportReports } from '../../db/schema';
import { nationalHolidayName } from '../../lib/national-holidays';
import { wasteNamesOfRequests } from '../project-core/collection-schedule';
import { type ManifestParty, manifestSelect, rowsOf } from './manifests.service';

/** At most this many items, soonest deadline first. */
export const REPORT_DEADLINE_LIMIT = 500;

/**
 * GET /report-deadlines (discharger: every manifest of its waste with no live transport report, so it sees
 * what is still missing) and GET /trans/report-deadlines (transporter: the manifests it carries with no live
 * report that are due soon or overdue). The deadline counts from the delivery date, the earliest day the
 * transport can end.
 */
export async function reportDeadlines(
  db: DbOrTx,
  companyId: number,
  party: ManifestParty,
  today: string,
): Promise<ReportDeadlineList> {
  // A deadline is always after its delivery date, so one due by the next counted day has an earlier delivery.
  const onlyUrgent =
    party === 'TRANSPORT'
      ? sql`and m.delivery_date < ${nextReportCountedDay(today, nationalHolidayName)}`
      : sql``;
  const result = await db.execute(sql`${manifestSelect(party, companyId)}
    and r.report_id is null and m.delivery_date is not null ${onlyUrgent}
    order by m.delivery_date, m.manifest_number
    limit ${REPORT_DEADLINE_LIMIT}`);
  const items: ReportDeadlineItem[] = [];
  for (const r of rowsOf(result)) {
    const deliveryDate = String(r.delivery_date);
    const deadline = transportReportDeadline(deliveryDate, nationalHolidayName);
    const state = deadlineState(deadline, today, nationalHolidayName);
    if (party === 'TRANSPORT' && state === 'OK') continue;
    items.push({
      manifestNumber: String(r.manifest_number),
      projectId: r.project_id == null ? null : Number(r.project_id),
      projectTitle: r.project_title == null ? null : String(r.project_title),
      wasteName: String(r.waste_name),
      companyName: String((party === 'TRANSPORT' ? r.discharger_name : r.transporter_name) ?? ''),
      deliveryDate,
      deadline,
      deadlineState: state,
    });
  }
  items.sort(
    (a, b) => a.deadline.localeCompare(b.deadline) || a.manifestNumber.localeCompare(b.manifestNumber),
  );
  return { today, items, collections: await collectionDeadlines(db, party, companyId, today) };
}

/**
 * Industrial collections the transporter marked collected whose transport report (same project, collected
 * that day, not deleted) is still missing: the 3-day deadline counts from the collection date. Shown in every
 * state, to both parties, until the report exists.
 */
async function collectionDeadlines(
  db: DbOrTx,
  party: ManifestParty,
  companyId: number,
  today: string,
): Promise<CollectionDeadlineItem[]> {
  const other = alias(companies, 'other');
  const rows = await db
    .select({
      id: collections.id,
      requestId: collections.requestId,
      projectId: collections.projectId,
      projectTitle: projects.title,
      dischargeSiteName: dischargeSites.name,
      companyName: other.name,
      date: collections.date,
    })
    .from(collections)
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .innerJoin(dischargeSites, eq(dischargeSites.id, collections.dischargeSiteId))
    .innerJoin(
      other,
      eq(other.id, party === 'TRANSPORT' ? collections.companyId : collections.transportCompanyId),
    )
    .where(
      and(
        eq(party === 'TRANSPORT' ? collections.transportCompanyId : collections.companyId, companyId),
        eq(collections.status, 'COLLECTED'),
        eq(projects.type, 'INDUSTRIAL'),
        sql`not exists (select 1 from ${transportReports} r where r.project_id = ${collections.projectId}
              and r.collect_time = ${collections.date} and r.deleted_at is null)`,
      ),
    )
    .orderBy(asc(collections.date), asc(collections.id))
    .limit(REPORT_DEADLINE_LIMIT);
  const names = await wasteNamesOfRequests(db, [...new Set(rows.map((r) => r.requestId))]);
  return rows.map((r) => {
    const deadline = transportReportDeadline(r.date, nationalHolidayName);
    return {
      collectionId: r.id,
      projectId: r.projectId,
      projectTitle: r.projectTitle,
      dischargeSiteName: r.dischargeSiteName,
      wasteNames: names.get(r.requestId) ?? [],
      companyName: r.companyName,
      collectionDate: r.date,
      deadline,
      deadlineState: deadlineState(deadline, today, nationalHolidayName),
    };
  });
}
