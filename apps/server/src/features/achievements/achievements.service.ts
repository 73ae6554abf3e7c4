import {
  type AchievementDetail,
  type AchievementDetailQuery,
  type AchievementList,
  type AchievementListQuery,
  type AchievementRow,
  type AchievementSummaryRow,
  type ReportStatus,
  summaryReportStatus,
  WASTE_TYPE_CODE,
} from '@junkan/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/like-pattern';
import { operatorRole } from '../../lib/roles';
import type { Session } from '../../plugins/auth';

/** Whose reports a session sees: a transporter the ones it made, a discharger the ones about its waste. */
function scopeOf(session: Session) {
  const role = operatorRole(session);
  if (!session.companyId || (role !== 'WASTE' && role !== 'TRANSPORT'))
    throw new AppError('forbidden', 'Forbidden');
  return { role, companyId: session.companyId };
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * First and last day of the month, or of the year when no month is given, and the same span as month numbers
 * (`year * 12 + month`) for the monthly regular reports.
 */
function periodOf(year: number, month?: number | null) {
  const first = month ?? 1;
  const last = month ?? 12;
  return {
    from: `${year}-${pad(first)}-01`,
    to: `${year}-${pad(last)}-${pad(lastDay(year, last))}`,
    fromMonth: year * 12 + first,
    toMonth: year * 12 + last,
  };
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/** Regular reports are monthly weights: always kg (the report form has no unit). */
const REGULAR_UNIT = 'kg';

/** The unit master's id of kg, the regular lines' unit; null if the master has no such unit. */
async function regularUnitId(db: DbOrTx): Promise<number | null> {
  const [row] = rowsOf(await db.execute(sql`select id from unit_measures where unit = ${REGULAR_UNIT}`));
  return row ? Number(row.id) : null;
}

const unitIdOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * GET /achievements and /trans/achievements: reported volumes per month, waste, discharger and unit. Industrial
 * lines sum the reports of one unit (a waste reported in t and in 個 makes two lines: volumes in different units
 * are never added) and show the most urgent status; regular lines sum the monthly weights, all in kg.
 * A report's current values are the ones counted: an accepted correction has been applied to them, while a
 * pending or rejected one only sits in the `last_*` columns.
 */
export async function achievementList(
  db: DbOrTx,
  session: Session,
  query: AchievementListQuery,
): Promise<AchievementList> {
  const { role, companyId } = scopeOf(session);
  const { from, to, fromMonth, toMonth } = periodOf(
    query.year,
    query.period === 'monthly' ? query.month : undefined,
  );
  const own = role === 'TRANSPORT' ? sql`transport_company_id` : sql`discharger_company_id`;
  const counterpart =
    role === 'TRANSPORT' && typeof query.companyId === 'number'
      ? sql`and r.discharger_company_id = ${query.companyId}`
      : sql``;
  const name = query.wasteName ? sql`and w.name ilike ${containsPattern(query.wasteName)}` : sql``;
  const rows: AchievementSummaryRow[] = [];

  if (query.type !== WASTE_TYPE_CODE.REGULAR) {
    const result = await db.execute(sql`
      select extract(year from r.end_date_transport)::int as year,
             extract(month from r.end_date_transport)::int as month,
             w.waste_code, w.name as waste_name, c.id as company_id, c.name as company_name,
             r.transport_volume_unit_id as unit_id, u.unit,
             sum(r.transport_volume)::float8 as volume,
             array_agg(distinct r.status) as statuses
      from transport_reports r
      join wastes w on w.id = r.waste_id
      join companies c on c.id = r.discharger_company_id
      left join unit_measures u on u.id = r.transport_volume_unit_id
      where r.${own} = ${companyId} and r.deleted_at is null
        and r.end_date_transport between ${from} and ${to} ${counterpart} ${name}
      group by 1, 2, w.waste_code, w.name, c.id, c.name, r.transport_volume_unit_id, u.unit
      order by 1, 2, w.waste_code, c.name, u.unit`);
    for (const r of rowsOf(result))
      rows.push({
        year: Number(r.year),
        month: Number(r.month),
        type: WASTE_TYPE_CODE.INDUSTRIAL,
        wasteCode: String(r.waste_code),
        wasteName: String(r.waste_name),
        wasteCompanyId: Number(r.company_id),
        wasteCompanyName: String(r.company_name),
        transportVolume: Number(r.volume),
        transportVolumeUnitId: unitIdOf(r.unit_id),
        transportVolumeUnit: (r.unit as string | null) ?? null,
        status: summaryReportStatus(parseStatuses(r.statuses)),
      });
  }
  if (query.type !== WASTE_TYPE_CODE.INDUSTRIAL) {
    const kgId = await regularUnitId(db);
    const result = await db.execute(sql`
      select r.year, r.month, w.waste_code, w.name as waste_name, c.id as company_id, c.name as company_name,
             sum(r.volume)::float8 as volume
      from regular_reports r
      join wastes w on w.id = r.waste_id
      join companies c on c.id = r.discharger_company_id
      where r.${own} = ${companyId}
        and r.year * 12 + r.month between ${fromMonth} and ${toMonth} ${counterpart} ${name}
      group by r.year, r.month, w.waste_code, w.name, c.id, c.name
      order by r.year, r.month, w.waste_code, c.name`);
    for (const r of rowsOf(result))
      rows.push({
        year: Number(r.year),
        month: Number(r.month),
        type: WASTE_TYPE_CODE.REGULAR,
        wasteCode: String(r.waste_code),
        wasteName: String(r.waste_name),
        wasteCompanyId: Number(r.company_id),
        wasteCompanyName: String(r.company_name),
        transportVolume: Number(r.volume),
        transportVolumeUnitId: kgId,
        transportVolumeUnit: REGULAR_UNIT,
        status: null,
      });
  }
  rows.sort(
    (a, b) =>
      a.year - b.year ||
      a.month - b.month ||
      a.type - b.type ||
      a.wasteCode.localeCompare(b.wasteCode) ||
      a.wasteCompanyName.localeCompare(b.wasteCompanyName) ||
      (a.transportVolumeUnit ?? '').localeCompare(b.transportVolumeUnit ?? ''),
  );

  let regularAvailable = false;
  let industryAvailable = false;
  if (role === 'TRANSPORT') {
    const running = await db
      .selectDistinct({ type: projects.type })
      .from(projects)
      .where(and(eq(projects.transportCompanyId, companyId), inArray(projects.status, ['IN_PROGRESS'])));
    regularAvailable = running.some((p) => p.type === 'REGULAR');
    industryAvailable = running.some((p) => p.type === 'INDUSTRIAL');
  }
  return { rows, regularAvailable, industryAvailable };
}

/** PGlite answers arrays as arrays, node-postgres may answer `{A,B}` text for a varchar[]. */
function parseStatuses(value: unknown): ReportStatus[] {
  if (Array.isArray(value)) return value as ReportStatus[];
  if (typeof value === 'string')
    return value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean) as ReportStatus[];
  return [];
}

/**
 * GET /achievements/detail and its trans/ variant: the reports behind one line of the list. With `unitId` only
 * the reports in that unit (the line's); regular reports are all in kg, so another unit leaves none.
 */
export async function achievementDetail(
  db: DbOrTx,
  session: Session,
  query: AchievementDetailQuery,
): Promise<AchievementDetail> {
  const { role, companyId } = scopeOf(session);
  const { from, to, fromMonth, toMonth } = periodOf(query.year, query.month);
  const own = role === 'TRANSPORT' ? sql`transport_company_id` : sql`discharger_company_id`;
  const [waste] = rowsOf(
    await db.execute(sql`select name from wastes where waste_code = ${query.wasteCode}`),
  );
  const rows: AchievementRow[] = [];
  const unit = query.unitId === undefined ? sql`` : sql`and r.transport_volume_unit_id = ${query.unitId}`;
  if (query.wasteType === WASTE_TYPE_CODE.INDUSTRIAL) {
    const result = await db.execute(sql`
      select r.id, r.waste_name, p.title, r.manifest_number, r.end_date_transport::text as end_date,
             r.transport_volume::float8 as volume, u.unit, r.transporter, r.status, c.name as company_name
      from transport_reports r
      join projects p on p.id = r.project_id
      join wastes w on w.id = r.waste_id
      join companies c on c.id = r.discharger_company_id
      left join unit_measures u on u.id = r.transport_volume_unit_id
      where r.${own} = ${companyId} and r.deleted_at is null
        and r.discharger_company_id = ${query.wasteCompanyId} and w.waste_code = ${query.wasteCode}
        and r.end_date_transport between ${from} and ${to} ${unit}
      order by r.end_date_transport, r.id`);
    for (const r of rowsOf(result))
      rows.push({
        id: Number(r.id),
        type: WASTE_TYPE_CODE.INDUSTRIAL,
        wasteName: String(r.waste_name),
        projectTitle: String(r.title),
        manifestId: (r.manifest_number as string | null) ?? null,
        endDateTransport: String(r.end_date),
        transportVolume: Number(r.volume),
        transportVolumeUnit: (r.unit as string | null) ?? null,
        transporter: (r.transporter as string | null) ?? null,
        status: r.status as ReportStatus,
        collectiondate: null,
        wasteCompanyName: String(r.company_name),
      });
  } else if (query.unitId === undefined || query.unitId === (await regularUnitId(db))) {
    const result = await db.execute(sql`
      select r.id, w.name as waste_name, p.title, r.year, r.month, r.volume::float8 as volume,
             c.name as company_name
      from regular_reports r
      join projects p on p.id = r.project_id
      join wastes w on w.id = r.waste_id
      join companies c on c.id = r.discharger_company_id
      where r.${own} = ${companyId}
        and r.discharger_company_id = ${query.wasteCompanyId} and w.waste_code = ${query.wasteCode}
        and r.year * 12 + r.month between ${fromMonth} and ${toMonth}
      order by r.year, r.month, r.id`);
    for (const r of rowsOf(result)) {
      const y = Number(r.year);
      const m = Number(r.month);
      rows.push({
        id: Number(r.id),
        type: WASTE_TYPE_CODE.REGULAR,
        wasteName: String(r.waste_name),
        projectTitle: String(r.title),
        manifestId: null,
        endDateTransport: null,
        transportVolume: Number(r.volume),
        transportVolumeUnit: REGULAR_UNIT,
        transporter: null,
        status: null,
        // A monthly report stands for the month: its last day.
        collectiondate: `${y}-${pad(m)}-${pad(lastDay(y, m))}`,
        wasteCompanyName: String(r.company_name),
      });
    }
  }
  return {
    year: query.year,
    month: query.month ?? null,
    wasteType: query.wasteType,
    wasteName: rows[0]?.wasteName ?? String(waste?.name ?? ''),
    // From the rows only, so no company's name is told to a caller who may not see its reports.
    wasteCompanyName: rows[0]?.wasteCompanyName ?? '',
    rows,
  };
}
