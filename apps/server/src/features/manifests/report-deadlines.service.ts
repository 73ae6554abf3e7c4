import {
  deadlineState,
  nextReportCountedDay,
  type ReportDeadlineItem,
  type ReportDeadlineList,
  transportReportDeadline,
} from '@junkan/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nationalHolidayName } from '../../lib/national-holidays';
import type { Session } from '../../plugins/auth';
import { type ManifestParty, manifestSelect, partyCompany, rowsOf } from './manifests.service';

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
  session: Session,
  party: ManifestParty,
  today: string,
): Promise<ReportDeadlineList> {
  const companyId = partyCompany(session);
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
  return { today, items };
}
