import type { AchievementDetailSortKey, AchievementSortKey } from '@junkan/shared/achievement-list';
import {
  type AchievementDetail,
  type AchievementDetailExportQuery,
  type AchievementDetailQuery,
  type AchievementExport,
  type AchievementExportQuery,
  type AchievementList,
  type AchievementListQuery,
  type AchievementRow,
  type AchievementSummaryRow,
  summaryReportStatus,
} from '@junkan/shared/api/transport-reports';
import { type ReportStatus, WASTE_TYPE_CODE } from '@junkan/shared/enums';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';
import { operatorRole } from '../../plugins/auth';

/** Whose reports a caller sees: a transporter the ones it made, a discharger the ones about its waste. */
function scopeOf(caller: Caller) {
  const role = operatorRole(caller.session);
  if (role !== 'WASTE' && role !== 'TRANSPORT') throw new AppError('forbidden', 'Forbidden');
  return { role, companyId: caller.companyId };
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** First and last day of the month, or of the year when no month is given. */
function periodOf(year: number, month?: number | null) {
  const first = month ?? 1;
  const last = month ?? 12;
  return {
    from: `${year}-${pad(first)}-01`,
    to: `${year}-${pad(last)}-${pad(lastDay(year, last))}`,
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

type ListQuery = AchievementListQuery | AchievementExportQuery;

/** ORDER BY of a sort key; the default order (month, type, waste code, company, unit) breaks every tie. */
function orderOf(sort: AchievementSortKey, order: 'asc' | 'desc') {
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  const rest = sql`s.year, s.month, s.kind, w.waste_code, c.name, u.unit, s.discharger_company_id, s.unit_id`;
  switch (sort) {
    case 'month':
      return sql`s.year ${dir}, s.month ${dir}, s.kind, w.waste_code, c.name, u.unit, s.discharger_company_id, s.unit_id`;
    case 'type':
      return sql`s.kind ${dir}, ${rest}`;
    case 'wasteName':
      return sql`w.name ${dir}, ${rest}`;
    case 'company':
      return sql`c.name ${dir}, ${rest}`;
    case 'volume':
      return sql`s.volume ${dir}, ${rest}`;
  }
}

/** The status a line shows, from its counts (`summaryReportStatus`). */
function lineStatus(r: Row): ReportStatus {
  const statuses: ReportStatus[] = [];
  if (Number(r.awaiting_count) > 0) statuses.push('ACCEPTANCE_OR_DENIAL');
  if (Number(r.delete_requested_count) > 0) statuses.push('REQUEST_DELETE');
  if (Number(r.rejected_count) > 0) statuses.push('REJECTION');
  return summaryReportStatus(statuses);
}

/**
 * One page of the list's lines, read from the monthly summary (`achievement_monthly`, kept by triggers on the
 * report rows). A transporter's lines are the summary's rows; a discharger's add up its transporters'.
 */
async function summaryPage(db: DbOrTx, caller: Caller, query: ListQuery) {
  const { role, companyId } = scopeOf(caller);
  const first = query.period === 'monthly' ? query.month! : 1;
  const last = query.period === 'monthly' ? query.month! : 12;
  const kind = query.type === undefined ? sql`` : sql`and kind = ${query.type}`;
  const source =
    role === 'TRANSPORT'
      ? sql`(select * from achievement_monthly
             where transport_company_id = ${companyId} and year = ${query.year}
               and month between ${first} and ${last} ${kind}
               ${typeof query.companyId === 'number' ? sql`and discharger_company_id = ${query.companyId}` : sql``})`
      : sql`(select year, month, kind, discharger_company_id, waste_id, unit_id, sum(volume) as volume,
                    sum(awaiting_count) as awaiting_count, sum(delete_requested_count) as delete_requested_count,
                    sum(rejected_count) as rejected_count
             from achievement_monthly
             where discharger_company_id = ${companyId} and year = ${query.year}
               and month between ${first} and ${last} ${kind}
             group by year, month, kind, discharger_company_id, waste_id, unit_id)`;
  const name = query.wasteName ? sql`and w.name ilike ${containsPattern(query.wasteName)}` : sql``;
  const [count] = rowsOf(
    await db.execute(sql`
      select count(*)::int as total from ${source} s
      ${query.wasteName ? sql`join wastes w on w.id = s.waste_id where true ${name}` : sql``}`),
  );
  const total = Number(count?.total ?? 0);
  const result =
    total === 0
      ? []
      : rowsOf(
          await db.execute(sql`
            select s.year, s.month, s.kind, w.waste_code, w.name as waste_name, c.id as company_id,
                   c.name as company_name, s.unit_id, u.unit, s.volume::float8 as volume, s.awaiting_count,
                   s.delete_requested_count, s.rejected_count
            from ${source} s
            join wastes w on w.id = s.waste_id
            join companies c on c.id = s.discharger_company_id
            left join unit_measures u on u.id = s.unit_id
            where true ${name}
            order by ${orderOf(query.sort, query.order)}
            limit ${query.size} offset ${offsetOf(query)}`),
        );
  const kgId = result.some((r) => Number(r.kind) === WASTE_TYPE_CODE.REGULAR)
    ? await regularUnitId(db)
    : null;
  const items: AchievementSummaryRow[] = result.map((r) => {
    const regular = Number(r.kind) === WASTE_TYPE_CODE.REGULAR;
    return {
      year: Number(r.year),
      month: Number(r.month),
      type: regular ? WASTE_TYPE_CODE.REGULAR : WASTE_TYPE_CODE.INDUSTRIAL,
      wasteCode: String(r.waste_code),
      wasteName: String(r.waste_name),
      wasteCompanyId: Number(r.company_id),
      wasteCompanyName: String(r.company_name),
      transportVolume: Number(r.volume),
      transportVolumeUnitId: regular ? kgId : unitIdOf(r.unit_id),
      transportVolumeUnit: regular ? REGULAR_UNIT : ((r.unit as string | null) ?? null),
      status: regular ? null : lineStatus(r),
    };
  });
  return { items, total, page: query.page, size: query.size };
}

/**
 * GET /achievements and /trans/achievements: reported volumes per month, waste, discharger and unit, a page at
 * a time. Industrial lines sum the live reports of one unit (a waste reported in t and in 個 makes two lines:
 * volumes in different units are never added) and show the most urgent status; regular lines sum the monthly
 * weights, all in kg. A report's current values are the ones counted: an accepted correction has been applied
 * to them, while a pending or rejected one only sits in the `last_*` columns.
 */
export async function achievementList(
  db: DbOrTx,
  caller: Caller,
  query: AchievementListQuery,
): Promise<AchievementList> {
  const { role, companyId } = scopeOf(caller);
  const page = await summaryPage(db, caller, query);
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
  return { ...page, regularAvailable, industryAvailable, latestMonth: await latestMonth(db, caller, query) };
}

/** The latest month with a line for the list's company and type filters, whatever the period asked. */
async function latestMonth(db: DbOrTx, caller: Caller, query: AchievementListQuery) {
  const { role, companyId } = scopeOf(caller);
  const [row] = rowsOf(
    await db.execute(sql`
      select year, month from achievement_monthly
      where ${role === 'TRANSPORT' ? sql`transport_company_id` : sql`discharger_company_id`} = ${companyId}
        ${query.type === undefined ? sql`` : sql`and kind = ${query.type}`}
        ${role === 'TRANSPORT' && typeof query.companyId === 'number' ? sql`and discharger_company_id = ${query.companyId}` : sql``}
      order by year desc, month desc
      limit 1`),
  );
  return row ? { year: Number(row.year), month: Number(row.month) } : null;
}

/** GET /achievements/export and its trans/ variant: a batch of every line of the filters, for the CSV. */
export function achievementExport(
  db: DbOrTx,
  caller: Caller,
  query: AchievementExportQuery,
): Promise<AchievementExport> {
  return summaryPage(db, caller, query);
}

type DetailQuery = AchievementDetailQuery | AchievementDetailExportQuery;

/** What the details' sort keys order by, per kind of report; no manifest column keeps the date order. */
interface DetailColumns {
  date: SQL[];
  volume: SQL;
  manifest: SQL | null;
}

/**
 * ORDER BY of a details sort key: the key in the order asked (reports without a manifest number last), then
 * the date and the id, so pages never overlap or skip.
 */
function detailOrderOf(sort: AchievementDetailSortKey, order: 'asc' | 'desc', columns: DetailColumns) {
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  const byDate = (d: SQL) =>
    sql.join(
      [...columns.date, sql`r.id`].map((c) => sql`${c} ${d}`),
      sql`, `,
    );
  switch (sort) {
    case 'date':
      return byDate(dir);
    case 'projectTitle':
      return sql`p.title ${dir}, ${byDate(sql`asc`)}`;
    case 'volume':
      return sql`${columns.volume} ${dir}, ${byDate(sql`asc`)}`;
    case 'manifestNumber':
      return columns.manifest
        ? sql`${columns.manifest} ${dir} nulls last, ${byDate(sql`asc`)}`
        : byDate(sql`asc`);
  }
}

/** Where a kind's details come from: the reports table (alias r) with the line's filter, and the row's shape. */
interface DetailSource {
  table: SQL;
  where: SQL;
  /** Select list and joins of a shown row (p the project, c the discharger). */
  select: SQL;
  columns: DetailColumns;
  toRow: (r: Row) => AchievementRow;
}

function industrialSource(query: DetailQuery, own: SQL, companyId: number): DetailSource {
  const { from, to } = periodOf(query.year, query.month);
  const unit = query.unitId === undefined ? sql`` : sql`and r.transport_volume_unit_id = ${query.unitId}`;
  return {
    table: sql`transport_reports r`,
    // The detail index's range: one discharger's live reports of one waste over the period, in date order.
    where: sql`where r.discharger_company_id = ${query.wasteCompanyId}
        and r.waste_id = (select id from wastes where waste_code = ${query.wasteCode})
        and r.end_date_transport between ${from} and ${to} and r.deleted_at is null
        and ${own} = ${companyId} ${unit}`,
    select: sql`select r.id, r.waste_name, p.title, r.manifest_number, r.end_date_transport::text as end_date,
             r.transport_volume::float8 as volume, u.unit, r.transporter, r.status, c.name as company_name
      from transport_reports r
      join projects p on p.id = r.project_id
      join companies c on c.id = r.discharger_company_id
      left join unit_measures u on u.id = r.transport_volume_unit_id`,
    columns: {
      date: [sql`r.end_date_transport`],
      volume: sql`r.transport_volume`,
      manifest: sql`r.manifest_number`,
    },
    toRow: (r) => ({
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
    }),
  };
}

function regularSource(query: DetailQuery, own: SQL, companyId: number): DetailSource {
  return {
    table: sql`regular_reports r`,
    // Monthly reports of one year: the discharger index's range over (year, month).
    where: sql`where r.discharger_company_id = ${query.wasteCompanyId}
        and r.waste_id = (select id from wastes where waste_code = ${query.wasteCode})
        and r.year = ${query.year} and r.month between ${query.month ?? 1} and ${query.month ?? 12}
        and ${own} = ${companyId}`,
    select: sql`select r.id, w.name as waste_name, p.title, r.year, r.month, r.volume::float8 as volume,
             c.name as company_name
      from regular_reports r
      join projects p on p.id = r.project_id
      join wastes w on w.id = r.waste_id
      join companies c on c.id = r.discharger_company_id`,
    columns: { date: [sql`r.year`, sql`r.month`], volume: sql`r.volume`, manifest: null },
    toRow: (r) => {
      const y = Number(r.year);
      const m = Number(r.month);
      return {
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
      };
    },
  };
}

/**
 * The reports behind one line of the list, a page at a time: the count of them all, the page in the order
 * asked, and the header from the line's first report by date (not the page's). With `unitId` only the
 * reports in that unit (the line's); regular reports are all in kg, so another unit leaves none.
 */
async function detailPage(db: DbOrTx, caller: Caller, query: DetailQuery): Promise<AchievementDetail> {
  const { role, companyId } = scopeOf(caller);
  const own = role === 'TRANSPORT' ? sql`r.transport_company_id` : sql`r.discharger_company_id`;
  const answer = { year: query.year, month: query.month ?? null, wasteType: query.wasteType };
  const paging = { page: query.page, size: query.size };
  const source =
    query.wasteType === WASTE_TYPE_CODE.INDUSTRIAL
      ? industrialSource(query, own, companyId)
      : query.unitId === undefined || query.unitId === (await regularUnitId(db))
        ? regularSource(query, own, companyId)
        : null;
  const [count] = source
    ? rowsOf(await db.execute(sql`select count(*)::int as total from ${source.table} ${source.where}`))
    : [];
  const total = Number(count?.total ?? 0);
  if (!source || total === 0) {
    const [waste] = rowsOf(
      await db.execute(sql`select name from wastes where waste_code = ${query.wasteCode}`),
    );
    return {
      ...answer,
      wasteName: String(waste?.name ?? ''),
      wasteCompanyName: '',
      items: [],
      total,
      ...paging,
    };
  }
  // The page's ids first, from the detail index alone (however deep the page), then only their rows in full.
  const rowsBy = async (sort: AchievementDetailSortKey, order: 'asc' | 'desc', bounds: SQL) => {
    const by = detailOrderOf(sort, order, source.columns);
    const project = sort === 'projectTitle' ? sql`join projects p on p.id = r.project_id` : sql``;
    const ids = sql`select r.id from ${source.table} ${project} ${source.where} order by ${by} ${bounds}`;
    const result = await db.execute(sql`${source.select} where r.id in (${ids}) order by ${by}`);
    return rowsOf(result).map(source.toRow);
  };
  const items = await rowsBy(query.sort, query.order, sql`limit ${query.size} offset ${offsetOf(query)}`);
  const isFirstByDate = query.page === 1 && query.sort === 'date' && query.order === 'asc';
  const [first] = isFirstByDate ? items : await rowsBy('date', 'asc', sql`limit 1`);
  return {
    ...answer,
    wasteName: first?.wasteName ?? '',
    // From the reports only, so no company's name is told to a caller who may not see its reports.
    wasteCompanyName: first?.wasteCompanyName ?? '',
    items,
    total,
    ...paging,
  };
}

/** GET /achievements/detail and its trans/ variant: a page of the reports behind one line of the list. */
export function achievementDetail(
  db: DbOrTx,
  caller: Caller,
  query: AchievementDetailQuery,
): Promise<AchievementDetail> {
  return detailPage(db, caller, query);
}

/** GET /achievements/detail/export and its trans/ variant: a batch of every report of the line, for the CSV. */
export function achievementDetailExport(
  db: DbOrTx,
  caller: Caller,
  query: AchievementDetailExportQuery,
): Promise<AchievementDetail> {
  return detailPage(db, caller, query);
}
