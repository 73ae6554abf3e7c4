import type { CollectionSummary } from '@junkan/shared/api/collections';
import { describe, expect, it } from 'vitest';
import {
  byDate,
  collectionListQuery,
  daySheetRequest,
  fetchRange,
  monthRange,
  parseScheduleFilters,
  projectChoices,
  type ScheduleFilters,
  scheduleFiltersToParams,
  shiftMonth,
  siteChoices,
  thisJapanMonth,
  tomorrowInJapan,
  visibleCollections,
} from './schedule-filters';

const THIS_MONTH = '2026-11';

describe('parseScheduleFilters', () => {
  it('reads the view, month, project, site and status from the address', () => {
    expect(
      parseScheduleFilters(
        new URLSearchParams('view=list&month=2027-01&projectId=7&dischargeSiteId=5&status=ADJUSTING'),
        THIS_MONTH,
      ),
    ).toEqual({ view: 'list', month: '2027-01', projectId: 7, dischargeSiteId: 5, status: 'ADJUSTING' });
  });
  it('falls back to this month on the calendar, dropping malformed values', () => {
    expect(
      parseScheduleFilters(
        new URLSearchParams('view=grid&month=2027-13&projectId=0x7&dischargeSiteId=-1&status=DONE'),
        THIS_MONTH,
      ),
    ).toEqual({ view: 'calendar', month: THIS_MONTH, projectId: null, dischargeSiteId: null, status: null });
    expect(
      parseScheduleFilters(new URLSearchParams('projectId=99999999999&month=1999-01'), THIS_MONTH),
    ).toEqual(expect.objectContaining({ projectId: null, month: THIS_MONTH }));
  });
  it('writes them back, the month always and empty ones left out', () => {
    const filters: ScheduleFilters = {
      view: 'calendar',
      month: '2026-12',
      projectId: 7,
      dischargeSiteId: null,
      status: null,
    };
    expect(scheduleFiltersToParams(filters).toString()).toBe('month=2026-12&projectId=7');
    const all = { ...filters, view: 'list' as const, dischargeSiteId: 5, status: 'SKIPPED' as const };
    expect(parseScheduleFilters(scheduleFiltersToParams(all), THIS_MONTH)).toEqual(all);
  });
});

describe('months', () => {
  it('gives a month its days and the six weeks its calendar shows', () => {
    expect(monthRange('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(fetchRange('2026-12')).toEqual({ from: '2026-11-25', to: '2027-01-14' });
  });
  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  });
  it('takes this month and tomorrow in Japan', () => {
    // 2026-11-30 15:30 UTC is already 1 December in Japan.
    expect(thisJapanMonth(Date.UTC(2026, 10, 30, 15, 30))).toBe('2026-12');
    expect(tomorrowInJapan(Date.UTC(2026, 10, 30, 15, 30))).toBe('2026-12-02');
    expect(tomorrowInJapan(Date.UTC(2026, 11, 31, 14))).toBe('2027-01-01');
  });
});

describe('collectionListQuery', () => {
  it('sends a chosen company only', () => {
    const range = { from: '2026-11-25', to: '2027-01-14' };
    expect(collectionListQuery(range, 4)).toEqual({ ...range, companyId: 4 });
    expect(collectionListQuery(range, 'ALL')).toEqual(range);
    expect(collectionListQuery(range, null)).toEqual(range);
  });
});

const summary = (id: number, date: string, change: Partial<CollectionSummary> = {}): CollectionSummary => ({
  id,
  requestId: 1,
  date,
  desiredDate: date,
  status: 'DESIRED_DATE',
  skipReason: null,
  project: { id: 7, title: '銀座店 可燃ごみ定期回収', type: 'REGULAR' },
  contractType: 'AUTO_UPDATE',
  discharger: { id: 1, name: 'グリーン商事' },
  transportCompany: { id: 2, name: '東都クリーン' },
  dischargeSite: { id: 5, name: '銀座店', address: '' },
  wasteNames: ['可燃ごみ'],
  vehicleLimit: 'NONE',
  ...change,
});

describe('visible collections', () => {
  const other = { project: { id: 8, title: '什器入替', type: 'REGULAR' as const } };
  const all = [
    summary(3, '2026-12-03'),
    summary(1, '2026-11-30'),
    summary(2, '2026-12-01', {
      status: 'CONFIRMED',
      ...other,
      dischargeSite: { id: 6, name: '京橋店', address: '' },
    }),
    summary(4, '2026-12-01'),
  ];
  const filters: ScheduleFilters = {
    view: 'list',
    month: '2026-12',
    projectId: null,
    dischargeSiteId: null,
    status: null,
  };
  it('keeps the month (list) or all fetched days (calendar), in date order', () => {
    expect(visibleCollections(all, filters, true).map((c) => c.id)).toEqual([2, 4, 3]);
    expect(visibleCollections(all, filters, false).map((c) => c.id)).toEqual([1, 2, 4, 3]);
  });
  it('filters by project, site and status', () => {
    expect(visibleCollections(all, { ...filters, projectId: 8 }, true).map((c) => c.id)).toEqual([2]);
    expect(visibleCollections(all, { ...filters, dischargeSiteId: 5 }, true).map((c) => c.id)).toEqual([
      4, 3,
    ]);
    expect(visibleCollections(all, { ...filters, status: 'CONFIRMED' }, true).map((c) => c.id)).toEqual([2]);
  });
  it('offers the fetched projects and sites, and keeps a chosen one that has none', () => {
    const projects = projectChoices(all, null);
    expect(projects).toHaveLength(2);
    expect(projects).toEqual(
      expect.arrayContaining([
        { value: 8, label: '什器入替' },
        { value: 7, label: '銀座店 可燃ごみ定期回収' },
      ]),
    );
    expect(projectChoices([], 9)).toEqual([{ value: 9, label: '#9' }]);
    expect(siteChoices(all, 7, null)).toEqual([{ value: 5, label: '銀座店' }]);
    expect(
      siteChoices(all, null, null)
        .map((c) => c.value)
        .sort(),
    ).toEqual([5, 6]);
  });
  it('groups by date', () => {
    const grouped = byDate(visibleCollections(all, filters, false));
    expect(grouped.get('2026-12-01')?.map((c) => c.id)).toEqual([2, 4]);
    expect(grouped.get('2026-12-02')).toBeUndefined();
  });
});

describe('daySheetRequest', () => {
  it('asks for the day in the chosen format', () => {
    expect(daySheetRequest('2026-11-26', 'csv')).toEqual({
      path: '/trans/collections/day-sheet?date=2026-11-26&format=csv',
      fileName: 'collection-day-sheet-2026-11-26.csv',
    });
  });
});
