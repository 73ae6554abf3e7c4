import {
  ACHIEVEMENT_DETAIL_PAGE_SIZE,
  ACHIEVEMENT_DETAIL_SORT_KEYS,
  ACHIEVEMENT_PAGE_SIZE,
  ACHIEVEMENT_PERIODS,
  ACHIEVEMENT_SORT_KEYS,
  type AchievementDetailSortKey,
  type AchievementSortKey,
} from '@junkan/shared/achievement-list';
import type { AchievementDetailQuery, AchievementSummaryRow } from '@junkan/shared/api/transport-reports';
import { WASTE_TYPE_CODE } from '@junkan/shared/enums';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { paths } from '@junkan/shared/paths';
import { PAGE_SIZES } from '../../components/list-sizes';
import type { CompanyFilter } from '../../lib/company-filter';
import type { YearMonth } from '../../lib/format';

export type AchievementPeriod = (typeof ACHIEVEMENT_PERIODS)[number];
export type WasteTypeCode = (typeof WASTE_TYPE_CODE)[keyof typeof WASTE_TYPE_CODE];

/** The list's filters; they live in the address so a reload or the back button keeps them. */
export interface AchievementFilters {
  period: AchievementPeriod;
  year: number;
  /** Used in monthly mode only. */
  month: number;
  /** Industrial 1, regular 2, null for both. */
  type: WasteTypeCode | null;
  wasteName: string;
  /** The server's page (1-based) and sort of the list. */
  page: number;
  sort: AchievementSortKey;
  order: 'asc' | 'desc';
}

export const DEFAULT_SORT: AchievementSortKey = 'month';

export const ACHIEVEMENTS_PATH = paths.achievements.path;
export const ACHIEVEMENT_DETAIL_PATH = paths.achievementDetail.path;

/** The schemas' year range. */
const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

function intParam(params: URLSearchParams, name: string, min: number, max: number): number | null {
  const raw = params.get(name);
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

export function parseWasteType(raw: string | null): WasteTypeCode | null {
  if (raw === String(WASTE_TYPE_CODE.INDUSTRIAL)) return WASTE_TYPE_CODE.INDUSTRIAL;
  if (raw === String(WASTE_TYPE_CODE.REGULAR)) return WASTE_TYPE_CODE.REGULAR;
  return null;
}

/** Filters from the address; anything missing or malformed falls back to the current month (Japan time). */
export function parseFilters(params: URLSearchParams, today: YearMonth): AchievementFilters {
  const period = params.get('period');
  return {
    period: (ACHIEVEMENT_PERIODS as readonly string[]).includes(period ?? '')
      ? (period as AchievementPeriod)
      : 'monthly',
    year: intParam(params, 'year', MIN_YEAR, MAX_YEAR) ?? today.year,
    month: intParam(params, 'month', 1, 12) ?? today.month,
    type: parseWasteType(params.get('type')),
    wasteName: (params.get('wasteName') ?? '').trim().slice(0, MAX_LENGTH.wasteNameSearch),
    page: intParam(params, 'page', 1, 1_000_000) ?? 1,
    sort: (ACHIEVEMENT_SORT_KEYS as readonly string[]).includes(params.get('sort') ?? '')
      ? (params.get('sort') as AchievementSortKey)
      : DEFAULT_SORT,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** The address of the filters: month only in monthly mode, empty filters left out. */
export function filtersToParams(filters: AchievementFilters): URLSearchParams {
  const params = new URLSearchParams({ period: filters.period, year: String(filters.year) });
  if (filters.period === 'monthly') params.set('month', String(filters.month));
  if (filters.type !== null) params.set('type', String(filters.type));
  const name = filters.wasteName.trim();
  if (name) params.set('wasteName', name);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  if (filters.order !== 'asc') params.set('order', filters.order);
  return params;
}

/**
 * Query of GET /achievements (/trans/achievements with the header's company selector): the filters, the page
 * (ACHIEVEMENT_PAGE_SIZE lines) and the sort. Without `page` (the CSV export), the filters and sort only.
 */
export function achievementListQuery(
  filters: AchievementFilters,
  companyId: CompanyFilter | null,
  paged = true,
): Record<string, string | number> {
  const query: Record<string, string | number> = {
    period: filters.period,
    year: filters.year,
    sort: filters.sort,
    order: filters.order,
  };
  if (paged) {
    query.page = filters.page;
    query.size = ACHIEVEMENT_PAGE_SIZE;
  }
  if (filters.period === 'monthly') query.month = filters.month;
  if (filters.type !== null) query.type = filters.type;
  const name = filters.wasteName.trim();
  if (name) query.wasteName = name;
  if (companyId !== null) query.companyId = companyId;
  return query;
}

/**
 * The details of one line of the list: its month, type, waste, discharger and unit (a waste reported in two
 * units makes two lines, each with its own details).
 */
export function achievementDetailPath(
  row: Pick<
    AchievementSummaryRow,
    'year' | 'month' | 'type' | 'wasteCode' | 'wasteCompanyId' | 'transportVolumeUnitId'
  >,
): string {
  const params = new URLSearchParams({
    year: String(row.year),
    month: String(row.month),
    wasteType: String(row.type),
    wasteCode: row.wasteCode,
    wasteCompanyId: String(row.wasteCompanyId),
  });
  if (row.transportVolumeUnitId !== null) params.set('unitId', String(row.transportVolumeUnitId));
  return `${ACHIEVEMENT_DETAIL_PATH}?${params}`;
}

export type DetailParams = { redirect: string } | { query: AchievementDetailQuery };

/** The details' page and sort as the address holds them; each is left out of it at its default. */
export type DetailPaging = Pick<AchievementDetailQuery, 'page' | 'size' | 'sort' | 'order'>;
export const DEFAULT_DETAIL_PAGING: DetailPaging = {
  page: 1,
  size: ACHIEVEMENT_DETAIL_PAGE_SIZE,
  sort: 'date',
  order: 'asc',
};

/** Page, size (20, 50 or 100), sort and order from the address; a malformed one falls back to its default. */
function parseDetailPaging(params: URLSearchParams): DetailPaging {
  const size = Number(params.get('size'));
  const sort = params.get('sort') ?? '';
  return {
    page: intParam(params, 'page', 1, 1_000_000) ?? DEFAULT_DETAIL_PAGING.page,
    size: PAGE_SIZES.includes(size) ? size : DEFAULT_DETAIL_PAGING.size,
    sort: (ACHIEVEMENT_DETAIL_SORT_KEYS as readonly string[]).includes(sort)
      ? (sort as AchievementDetailSortKey)
      : DEFAULT_DETAIL_PAGING.sort,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/**
 * The details' query, or where to send the user instead (section 2): no usable year goes home; a waste type
 * other than 1 or 2, or a missing or malformed month, waste or company, goes back to the list. The page and
 * sort fall back to the first page by date.
 */
export function parseDetailParams(params: URLSearchParams): DetailParams {
  const year = intParam(params, 'year', MIN_YEAR, MAX_YEAR);
  if (year === null) return { redirect: paths.home.to() };
  const wasteType = parseWasteType(params.get('wasteType'));
  const wasteCode = (params.get('wasteCode') ?? '').trim();
  const wasteCompanyId = intParam(params, 'wasteCompanyId', 1, Number.MAX_SAFE_INTEGER);
  const hasMonth = (params.get('month') ?? '') !== '';
  const month = intParam(params, 'month', 1, 12);
  // The line's unit; without it (the spec's address) the details list every unit's reports.
  const hasUnit = (params.get('unitId') ?? '') !== '';
  const unitId = intParam(params, 'unitId', 1, Number.MAX_SAFE_INTEGER);
  if (wasteType === null || !wasteCode || wasteCode.length > 16 || wasteCompanyId === null)
    return { redirect: ACHIEVEMENTS_PATH };
  if ((hasMonth && month === null) || (hasUnit && unitId === null)) return { redirect: ACHIEVEMENTS_PATH };
  return {
    query: {
      year,
      ...(month !== null ? { month } : {}),
      wasteType,
      wasteCode,
      wasteCompanyId,
      ...(unitId !== null ? { unitId } : {}),
      ...parseDetailPaging(params),
    },
  };
}

/** The details' address parameters: the line, then the page and sort where they are not the defaults. */
export function detailParamsOf(query: AchievementDetailQuery): URLSearchParams {
  const params = new URLSearchParams({ year: String(query.year) });
  if (query.month !== undefined) params.set('month', String(query.month));
  params.set('wasteType', String(query.wasteType));
  params.set('wasteCode', query.wasteCode);
  params.set('wasteCompanyId', String(query.wasteCompanyId));
  if (query.unitId !== undefined) params.set('unitId', String(query.unitId));
  for (const key of ['page', 'size', 'sort', 'order'] as const)
    if (query[key] !== DEFAULT_DETAIL_PAGING[key]) params.set(key, String(query[key]));
  return params;
}

/** What names the line whatever page or sort is shown: its address at the default paging. */
export const detailLineKey = (query: AchievementDetailQuery) =>
  detailParamsOf({ ...query, ...DEFAULT_DETAIL_PAGING }).toString();

/**
 * A page past the last one (reports went away, or a stale link) shows the last page that has reports; null
 * when the page asked for is fine.
 */
export function lastPageIfPast(page: number, size: number, total: number): number | null {
  const last = Math.max(1, Math.ceil(total / size));
  return page > last ? last : null;
}

/** The list the details came from: same period and type. */
export function listPathOfDetail(query: AchievementDetailQuery): string {
  const params = filtersToParams({
    period: query.month ? 'monthly' : 'annual',
    year: query.year,
    month: query.month ?? 1,
    type: query.wasteType,
    wasteName: '',
    page: 1,
    sort: DEFAULT_SORT,
    order: 'asc',
  });
  return `${ACHIEVEMENTS_PATH}?${params}`;
}

/** Project type key (enums namespace) of a waste type code. */
export function wasteTypeLabelKey(type: WasteTypeCode): 'projectType.INDUSTRIAL' | 'projectType.REGULAR' {
  return type === WASTE_TYPE_CODE.INDUSTRIAL ? 'projectType.INDUSTRIAL' : 'projectType.REGULAR';
}
