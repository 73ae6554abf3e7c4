import type { CollectionSummary, DAY_SHEET_FORMATS } from '@junkan/shared/api/collections';
import { COLLECTION_STATUSES, type CollectionStatus } from '@junkan/shared/collection-rules';
import dayjs from 'dayjs';
import { japanToday } from '../../components/form/date-field';
import { businessNow } from '../../lib/business-clock';
import type { CompanyFilter } from '../../lib/company-filter';

/**
 * The schedule screen's state in the address (view, month, project, site, status), so a reload or a shared
 * link opens the same screen; and the month's collections as the calendar and the list show them.
 */

export const SCHEDULE_VIEWS = ['calendar', 'list'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

export interface ScheduleFilters {
  view: ScheduleView;
  /** YYYY-MM. */
  month: string;
  projectId: number | null;
  dischargeSiteId: number | null;
  status: CollectionStatus | null;
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

const idParam = (raw: string | null): number | null => {
  const value = (raw ?? '').trim();
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
};

export function parseCollectionStatus(raw: string | null | undefined): CollectionStatus | null {
  return (COLLECTION_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as CollectionStatus) : null;
}

/** Filters from the address; anything malformed falls back to the default (this month, the calendar). */
export function parseScheduleFilters(params: URLSearchParams, thisMonth: string): ScheduleFilters {
  const month = (params.get('month') ?? '').trim();
  const year = Number(MONTH_PATTERN.exec(month)?.[1] ?? 0);
  return {
    view: params.get('view') === 'list' ? 'list' : 'calendar',
    month: year >= 2000 && year <= 2100 ? month : thisMonth,
    projectId: idParam(params.get('projectId')),
    dischargeSiteId: idParam(params.get('dischargeSiteId')),
    status: parseCollectionStatus(params.get('status')),
  };
}

/** The address of the filters: the month always (a link opens the same month later), empty ones left out. */
export function scheduleFiltersToParams(filters: ScheduleFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.view !== 'calendar') params.set('view', filters.view);
  params.set('month', filters.month);
  if (filters.projectId !== null) params.set('projectId', String(filters.projectId));
  if (filters.dischargeSiteId !== null) params.set('dischargeSiteId', String(filters.dischargeSiteId));
  if (filters.status) params.set('status', filters.status);
  return params;
}

const day = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/** The month's first and last day. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: dayjs(from).endOf('month').format('YYYY-MM-DD') };
}

/**
 * The days a month's calendar shows (six weeks, whichever weekday they start on): a week before the month
 * and two after. One call serves the calendar and the list; at most 51 days (the call takes 93).
 */
export function fetchRange(month: string): { from: string; to: string } {
  const { from, to } = monthRange(month);
  return { from: day(from, -6), to: day(to, 14) };
}

export const shiftMonth = (month: string, by: number) =>
  dayjs(`${month}-01`).add(by, 'month').format('YYYY-MM');

/** This month in Japan, YYYY-MM. */
export const thisJapanMonth = (now: number = businessNow()) => japanToday(now).slice(0, 7);

/** The list call's query: the range, and a transporter's chosen company (ALL sends none). */
export function collectionListQuery(
  range: { from: string; to: string },
  companyId: CompanyFilter | null,
): Record<string, string | number> {
  return { ...range, ...(typeof companyId === 'number' ? { companyId } : {}) };
}

/**
 * The collections the screen shows: the month's (the list) or all fetched (the calendar's six weeks), of
 * the chosen project, site and status, in date order. Filtering here keeps the choices of the month's
 * projects and sites complete, and a change of filter instant on a slow machine.
 */
export function visibleCollections(
  all: readonly CollectionSummary[],
  filters: ScheduleFilters,
  monthOnly: boolean,
): CollectionSummary[] {
  const { from, to } = monthRange(filters.month);
  return all
    .filter(
      (c) =>
        (!monthOnly || (c.date >= from && c.date <= to)) &&
        (filters.projectId === null || c.project.id === filters.projectId) &&
        (filters.dischargeSiteId === null || c.dischargeSite.id === filters.dischargeSiteId) &&
        (filters.status === null || c.status === filters.status),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

export interface Choice {
  value: number;
  label: string;
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label, 'ja');

/** The projects of the fetched collections, plus a chosen one that has none this month (by its id). */
export function projectChoices(all: readonly CollectionSummary[], chosen: number | null): Choice[] {
  const map = new Map(all.map((c) => [c.project.id, c.project.title]));
  if (chosen !== null && !map.has(chosen)) map.set(chosen, `#${chosen}`);
  return [...map].map(([value, label]) => ({ value, label })).sort(byLabel);
}

/** The discharge sites of the fetched collections (of the chosen project), plus a chosen one. */
export function siteChoices(
  all: readonly CollectionSummary[],
  projectId: number | null,
  chosen: number | null,
): Choice[] {
  const map = new Map(
    all
      .filter((c) => projectId === null || c.project.id === projectId)
      .map((c) => [c.dischargeSite.id, c.dischargeSite.name]),
  );
  if (chosen !== null && !map.has(chosen)) map.set(chosen, `#${chosen}`);
  return [...map].map(([value, label]) => ({ value, label })).sort(byLabel);
}

/** The collections of each date. */
export function byDate(list: readonly CollectionSummary[]): Map<string, CollectionSummary[]> {
  const map = new Map<string, CollectionSummary[]>();
  for (const c of list) map.set(c.date, [...(map.get(c.date) ?? []), c]);
  return map;
}

/** The day sheet's default date: tomorrow in Japan (the crews' next round). */
export const tomorrowInJapan = (now: number = businessNow()) => day(japanToday(now), 1);

export type DaySheetFormat = (typeof DAY_SHEET_FORMATS)[number];

/** The day sheet call and the file name to use when the server gives none. */
export function daySheetRequest(date: string, format: DaySheetFormat): { path: string; fileName: string } {
  const query = new URLSearchParams({ date, format });
  return {
    path: `/trans/collections/day-sheet?${query}`,
    fileName: `collection-day-sheet-${date}.${format}`,
  };
}
