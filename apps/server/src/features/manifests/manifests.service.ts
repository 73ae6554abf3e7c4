import type {
  ManifestDetail,
  ManifestListQuery,
  ManifestSummary,
  manifestListSchema,
} from '@junkan/shared/api/manifests';
import { MANIFEST_PHASES, type ManifestPhaseName, type ManifestStatus } from '@junkan/shared/enums';
import type { ManifestDifference } from '@junkan/shared/rules/manifest-agreement';
import { keptUntil } from '@junkan/shared/rules/retention';
import { deadlineState, transportReportDeadline } from '@junkan/shared/transport-deadline';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/like-pattern';
import { nationalHolidayName } from '../../lib/national-holidays';
import { tokyoDate } from '../../lib/time';
import { JwnetError } from '../../plugins/jwnet/jwnet-adapter';
import { storeManifestState } from '../jwnet/jwnet-queue';
import { manifestStateSeen, seenStatusOfManifestRow, unfinishedWorkKinds } from '../jwnet/jwnet-running';

/**
 * Manifests as both parties read them: the list and the detail, the network's stored answer with this product's
 * unfinished work. The discharger registers them in manifest-registration.ts.
 */

/** The two parties of a manifest: the discharger (its own manifests) and the transporter (those it carries). */
export type ManifestParty = 'WASTE' | 'TRANSPORT';

type ManifestList = z.infer<typeof manifestListSchema>;

/** Lists answer at most this many manifests (newest delivery first). */
export const MANIFEST_LIST_LIMIT = 500;

type Row = Record<string, unknown>;
export const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
const text = (v: unknown) => (v == null ? null : String(v));
const jsonOf = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * Manifests of a party with the live transport report of each, if made, and the kinds of this product's
 * unfinished work on each (the state the screens show adds them: `manifestStateSeen`). The live reports are
 * grouped per number over the party's own reports (indexed by company), not looked up per manifest.
 */
export function manifestSelect(party: ManifestParty, companyId: number) {
  const own = party === 'TRANSPORT' ? sql`transport_company_id` : sql`discharger_company_id`;
  return sql`
    select m.manifest_number, m.project_id, p.title as project_title, dc.name as discharger_name,
           tc.name as transporter_name, m.waste_name, m.delivery_date::text as delivery_date,
           m.transport_end_date::text as transport_end_date, m.disposal_end_date::text as disposal_end_date,
           m.final_disposal_end_date::text as final_disposal_end_date, m.discharge_site_name,
           m.network_status, m.running_functions, m.phases, m.synced_at, r.report_id,
           m.disposal_site_name, m.confirmed_differences, m.differences_confirmed_at,
           cu.user_name as differences_confirmed_by,
           (m.created_at at time zone 'Asia/Tokyo')::date::text as created_on,
           ${unfinishedWorkKinds(sql`m.manifest_number`)} as unfinished_kinds
    from manifests m
    join companies dc on dc.id = m.discharger_company_id
    left join companies tc on tc.id = m.transport_company_id
    left join projects p on p.id = m.project_id
    left join users cu on cu.id = m.differences_confirmed_by
    left join (
      select manifest_number, max(id) as report_id from transport_reports
      where ${own} = ${companyId} and deleted_at is null and manifest_number is not null
      group by manifest_number
    ) r on r.manifest_number = m.manifest_number
    where m.${own} = ${companyId}`;
}

const isHoliday = nationalHolidayName;

/** The network's stored answer with this product's unfinished work (one rule for reports and manifests). */
function stateSeen(r: Row): Pick<ManifestSummary, 'status' | 'runningFunctions'> {
  const seen = manifestStateSeen(
    {
      status: text(r.network_status),
      runningFunctions: ((jsonOf(r.running_functions) as string[] | null) ?? []).map(String),
    },
    r.unfinished_kinds,
  );
  return { status: seen.status as ManifestStatus | null, runningFunctions: seen.runningFunctions };
}

function toSummary(r: Row, today: string): ManifestSummary {
  const deliveryDate = text(r.delivery_date);
  const transportReportId = r.report_id == null ? null : Number(r.report_id);
  // The transport can end on the delivery date at the earliest, so the deadline counts from it.
  const reportDeadline =
    transportReportId === null && deliveryDate ? transportReportDeadline(deliveryDate, isHoliday) : null;
  return {
    manifestNumber: String(r.manifest_number),
    projectId: r.project_id == null ? null : Number(r.project_id),
    projectTitle: text(r.project_title),
    dischargerName: String(r.discharger_name),
    transporterName: text(r.transporter_name),
    wasteName: String(r.waste_name),
    deliveryDate,
    transportEndDate: text(r.transport_end_date),
    disposalEndDate: text(r.disposal_end_date),
    finalDisposalEndDate: text(r.final_disposal_end_date),
    dischargeSiteName: String(r.discharge_site_name),
    ...stateSeen(r),
    transportReportId,
    reportDeadline,
    reportDeadlineState: reportDeadline ? deadlineState(reportDeadline, today, isHoliday) : null,
  };
}

type Phase = { done: boolean; date: string | null };

/** The phases as the network last answered them; all open before its first answer. */
function phasesOf(value: unknown): ManifestDetail['phases'] {
  const stored = (jsonOf(value) ?? {}) as Partial<Record<ManifestPhaseName, Partial<Phase>>>;
  const phase = (name: ManifestPhaseName): Phase => ({
    done: stored[name]?.done === true,
    date: typeof stored[name]?.date === 'string' ? (stored[name]?.date as string) : null,
  });
  return Object.fromEntries(MANIFEST_PHASES.map((n) => [n, phase(n)])) as ManifestDetail['phases'];
}

const isoOf = (v: unknown) => (v == null ? null : new Date(v as string | Date).toISOString());

export function toDetail(r: Row, today: string, fresh: boolean): ManifestDetail {
  const confirmed = jsonOf(r.confirmed_differences) as ManifestDifference[] | null;
  const confirmedAt = isoOf(r.differences_confirmed_at);
  const summary = toSummary(r, today);
  return {
    ...summary,
    keptUntil: keptUntil('manifest', { ...summary, createdOn: String(r.created_on) }),
    phases: phasesOf(r.phases),
    syncedAt: isoOf(r.synced_at),
    fresh,
    disposalSiteName: text(r.disposal_site_name),
    differenceConfirmation:
      confirmed && confirmedAt
        ? { differences: confirmed, confirmedBy: text(r.differences_confirmed_by), confirmedAt }
        : null,
  };
}

/** GET /manifests and GET /trans/manifests. */
export async function listManifests(
  db: DbOrTx,
  companyId: number,
  party: ManifestParty,
  query: ManifestListQuery,
  today: string,
): Promise<ManifestList> {
  const filters = [
    query.manifestNumber ? sql`and m.manifest_number like ${containsPattern(query.manifestNumber)}` : sql``,
    query.status ? sql`and ${seenStatusOfManifestRow()} = ${query.status}` : sql``,
    query.deliveryFrom ? sql`and m.delivery_date >= ${query.deliveryFrom}` : sql``,
    query.deliveryTo ? sql`and m.delivery_date <= ${query.deliveryTo}` : sql``,
    party === 'TRANSPORT' && typeof query.companyId === 'number'
      ? sql`and m.discharger_company_id = ${query.companyId}`
      : sql``,
  ];
  const result = await db.execute(sql`${manifestSelect(party, companyId)} ${sql.join(filters, sql` `)}
    order by m.delivery_date desc nulls last, m.id desc
    limit ${MANIFEST_LIST_LIMIT}`);
  return { rows: rowsOf(result).map((r) => toSummary(r, today)) };
}

export async function readManifest(
  db: DbOrTx,
  party: ManifestParty,
  companyId: number,
  manifestNumber: string,
) {
  const [row] = rowsOf(
    await db.execute(sql`${manifestSelect(party, companyId)} and m.manifest_number = ${manifestNumber}`),
  );
  return row;
}

/**
 * GET /manifests/{number} and GET /trans/manifests/{number}: the party's manifest, first refreshed from the
 * network (outside any transaction); when the network cannot answer, the stored state with `fresh: false`.
 */
export async function manifestDetail(
  app: FastifyInstance,
  companyId: number,
  party: ManifestParty,
  manifestNumber: string,
): Promise<ManifestDetail> {
  const today = tokyoDate(app.now());
  const stored = await readManifest(app.db, party, companyId, manifestNumber);
  if (!stored) throw new AppError('manifest_not_found', 'Manifest not found');
  let fresh = false;
  try {
    const state = await app.jwnet.adapter.getManifest(manifestNumber);
    await storeManifestState(app.db, state, app.now());
    fresh = true;
  } catch (error) {
    if (!(error instanceof JwnetError)) throw error;
    app.log.warn({ manifestNumber, kind: error.kind }, 'manifest state not refreshed from the network');
  }
  const row = fresh ? await readManifest(app.db, party, companyId, manifestNumber) : stored;
  return toDetail(row ?? stored, today, fresh);
}
