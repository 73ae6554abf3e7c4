import { PROJECT_TYPES, type ProjectType } from '@junkan/shared/enums';
import {
  PROJECT_KEYWORD_MAX,
  PROJECT_LIST_TABS,
  PROJECT_PAGE_SIZE,
  PROJECT_SORT_KEYS,
  type ProjectSortKey,
} from '@junkan/shared/project-list';
import type { ProjectListTab } from '@junkan/shared/project-status';
import { PAGE_SIZES, type SortOrder } from '../../components/list-sizes';
import type { CompanyFilter } from '../../lib/company-filter';
import type { AddressFilters } from '../../lib/list-page';
import type { ProjectListRequest } from '../../lib/project-data/project-list';

/** The project list's state; it lives in the address so a reload, a link or the back button keeps it. */
export interface ProjectListFilters {
  tab: ProjectListTab;
  keyword: string;
  type: ProjectType | null;
  page: number;
  size: number;
  sort: ProjectSortKey;
  order: SortOrder;
}

export const DEFAULT_PROJECT_FILTERS: ProjectListFilters = {
  tab: 'PRE_CONTRACT',
  keyword: '',
  type: null,
  page: 1,
  size: PROJECT_PAGE_SIZE,
  sort: 'createdDate',
  order: 'desc',
};

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null =>
  (values as readonly string[]).includes(raw ?? '') ? (raw as T) : null;

const D = DEFAULT_PROJECT_FILTERS;

/** The filters in the address; anything malformed falls back to its default instead of a refused call. */
export function parseProjectFilters(params: URLSearchParams): ProjectListFilters {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    tab: oneOf(PROJECT_LIST_TABS, params.get('tab')) ?? D.tab,
    keyword: (params.get('keyword') ?? '').trim().slice(0, PROJECT_KEYWORD_MAX),
    type: oneOf(PROJECT_TYPES, params.get('type')),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : D.page,
    size: PAGE_SIZES.includes(size) ? size : D.size,
    sort: oneOf(PROJECT_SORT_KEYS, params.get('sort')) ?? D.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? D.order,
  };
}

/** The address of the filters: the tab always (links name it), the others only when not their default. */
export function projectFiltersToParams(filters: ProjectListFilters): URLSearchParams {
  const out = new URLSearchParams({ tab: filters.tab });
  if (filters.keyword) out.set('keyword', filters.keyword);
  if (filters.type) out.set('type', filters.type);
  if (filters.page !== D.page) out.set('page', String(filters.page));
  if (filters.size !== D.size) out.set('size', String(filters.size));
  if (filters.sort !== D.sort) out.set('sort', filters.sort);
  if (filters.order !== D.order) out.set('order', filters.order);
  return out;
}

export const projectFiltersCodec: AddressFilters<ProjectListFilters> = {
  parse: parseProjectFilters,
  toParams: projectFiltersToParams,
};

/** A change of tab, keyword or type shows its first page. */
export function filterChange(change: Partial<Pick<ProjectListFilters, 'tab' | 'keyword' | 'type'>>) {
  return { ...change, page: 1 };
}

/** The call's query: the filters, and for a transporter the header's company selector. */
export function projectListRequest(
  filters: ProjectListFilters,
  companyFilter: CompanyFilter | null,
): ProjectListRequest {
  return {
    tab: filters.tab,
    page: filters.page,
    size: filters.size,
    sort: filters.sort,
    order: filters.order,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(companyFilter !== null ? { companyId: companyFilter } : {}),
  };
}

/**
 * A page past the last one (rows removed, or a stale link) shows the last page that has rows instead of an
 * empty table; null when the page asked for is fine.
 */
export function lastPageIfPast(page: number, size: number, total: number): number | null {
  const last = Math.max(1, Math.ceil(total / size));
  return page > last ? last : null;
}
