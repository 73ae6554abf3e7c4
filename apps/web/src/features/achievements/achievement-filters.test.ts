import { describe, expect, it } from 'vitest';
import {
  achievementDetailPath,
  achievementListQuery,
  DEFAULT_DETAIL_PAGING,
  detailLineKey,
  detailParamsOf,
  filtersToParams,
  lastPageIfPast,
  listPathOfDetail,
  parseDetailParams,
  parseFilters,
} from './achievement-filters';

const today = { year: 2026, month: 11 };
const parse = (qs: string) => parseFilters(new URLSearchParams(qs), today);
const firstPage = { page: 1, sort: 'month', order: 'asc' } as const;
const paged = { sort: 'month', order: 'asc', page: 1, size: 50 } as const;

describe('parseFilters', () => {
  it('defaults to this month, both types, no name', () => {
    expect(parse('')).toEqual({
      period: 'monthly',
      year: 2026,
      month: 11,
      type: null,
      wasteName: '',
      ...firstPage,
    });
  });

  it('reads every filter, the page and the sort', () => {
    expect(
      parse(
        'period=annual&year=2025&month=3&type=2&wasteName=%E5%8F%AF%E7%87%83&page=4&sort=volume&order=desc',
      ),
    ).toEqual({
      period: 'annual',
      year: 2025,
      month: 3,
      type: 2,
      wasteName: '可燃',
      page: 4,
      sort: 'volume',
      order: 'desc',
    });
  });

  it.each([
    ['period=weekly', { period: 'monthly' }],
    ['year=1999', { year: 2026 }],
    ['year=2101', { year: 2026 }],
    ['year=20x6', { year: 2026 }],
    ['month=0', { month: 11 }],
    ['month=13', { month: 11 }],
    ['month=4.5', { month: 11 }],
    ['type=3', { type: null }],
    ['type=', { type: null }],
    ['page=0', { page: 1 }],
    ['page=x', { page: 1 }],
    ['sort=status', { sort: 'month' }],
    ['order=up', { order: 'asc' }],
  ])('falls back on a malformed %s', (qs, expected) => {
    expect(parse(qs)).toMatchObject(expected);
  });

  it('trims the name and keeps at most 32 characters', () => {
    expect(parse(`wasteName=${encodeURIComponent(` ${'あ'.repeat(40)} `)}`).wasteName).toBe('あ'.repeat(32));
  });
});

describe('filtersToParams', () => {
  it('writes the month only in monthly mode and leaves out empty filters', () => {
    expect(
      filtersToParams({
        period: 'annual',
        year: 2026,
        month: 4,
        type: null,
        wasteName: ' ',
        ...firstPage,
      }).toString(),
    ).toBe('period=annual&year=2026');
    expect(
      filtersToParams({
        period: 'monthly',
        year: 2026,
        month: 4,
        type: 1,
        wasteName: '紙',
        page: 3,
        sort: 'company',
        order: 'desc',
      }).toString(),
    ).toBe(
      `period=monthly&year=2026&month=4&type=1&wasteName=${encodeURIComponent('紙')}&page=3&sort=company&order=desc`,
    );
  });

  it('round-trips through parseFilters', () => {
    const filters = {
      period: 'monthly',
      year: 2024,
      month: 2,
      type: 2,
      wasteName: 'びん・かん',
      page: 2,
      sort: 'wasteName',
      order: 'desc',
    } as const;
    expect(parseFilters(filtersToParams(filters), today)).toEqual(filters);
  });
});

describe('achievementListQuery', () => {
  const monthly = {
    period: 'monthly',
    year: 2026,
    month: 4,
    type: null,
    wasteName: '',
    ...firstPage,
  } as const;

  it('sends the month in monthly mode only, and the company only for a transporter', () => {
    expect(achievementListQuery(monthly, null)).toEqual({
      period: 'monthly',
      year: 2026,
      month: 4,
      ...paged,
    });
    expect(achievementListQuery({ ...monthly, period: 'annual' }, 'ALL')).toEqual({
      period: 'annual',
      year: 2026,
      companyId: 'ALL',
      ...paged,
    });
  });

  it('sends the type and a trimmed name when given', () => {
    expect(achievementListQuery({ ...monthly, type: 1, wasteName: ' 汚泥 ' }, 7)).toEqual({
      period: 'monthly',
      year: 2026,
      month: 4,
      type: 1,
      wasteName: '汚泥',
      companyId: 7,
      ...paged,
    });
  });

  it('asks the page and the sort, or only the sort for the CSV export', () => {
    expect(achievementListQuery({ ...monthly, page: 3, sort: 'volume', order: 'desc' }, null)).toMatchObject({
      page: 3,
      size: 50,
      sort: 'volume',
      order: 'desc',
    });
    expect(achievementListQuery({ ...monthly, page: 3 }, null, false)).toEqual({
      period: 'monthly',
      year: 2026,
      month: 4,
      sort: 'month',
      order: 'asc',
    });
  });
});

describe('details address', () => {
  const row = {
    year: 2026,
    month: 4,
    type: 2,
    wasteCode: 'R000001',
    wasteCompanyId: 12,
    transportVolumeUnitId: 3,
  } as const;

  it('links a line of the list to its details, and back', () => {
    const path = achievementDetailPath(row);
    expect(path).toBe(
      '/achievements/detail?year=2026&month=4&wasteType=2&wasteCode=R000001&wasteCompanyId=12&unitId=3',
    );
    const parsed = parseDetailParams(new URLSearchParams(path.split('?')[1]));
    expect(parsed).toEqual({
      query: {
        year: 2026,
        month: 4,
        wasteType: 2,
        wasteCode: 'R000001',
        wasteCompanyId: 12,
        unitId: 3,
        ...DEFAULT_DETAIL_PAGING,
      },
    });
    if ('query' in parsed)
      expect(listPathOfDetail(parsed.query)).toBe('/achievements?period=monthly&year=2026&month=4&type=2');
  });

  it('links each unit of a waste to its own details; a line without a unit links without one', () => {
    const tonnes = achievementDetailPath({ ...row, type: 1, wasteCode: 'A', transportVolumeUnitId: 1 });
    const pieces = achievementDetailPath({ ...row, type: 1, wasteCode: 'A', transportVolumeUnitId: 4 });
    expect(tonnes).not.toBe(pieces);
    expect(new URLSearchParams(pieces.split('?')[1]).get('unitId')).toBe('4');
    const none = achievementDetailPath({ ...row, transportVolumeUnitId: null });
    expect(none).not.toContain('unitId');
    expect(parseDetailParams(new URLSearchParams(none.split('?')[1]))).toEqual({
      query: {
        year: 2026,
        month: 4,
        wasteType: 2,
        wasteCode: 'R000001',
        wasteCompanyId: 12,
        ...DEFAULT_DETAIL_PAGING,
      },
    });
  });

  it('takes a year without a month (annual details)', () => {
    const parsed = parseDetailParams(
      new URLSearchParams('year=2026&wasteType=1&wasteCode=A&wasteCompanyId=3'),
    );
    expect(parsed).toEqual({
      query: { year: 2026, wasteType: 1, wasteCode: 'A', wasteCompanyId: 3, ...DEFAULT_DETAIL_PAGING },
    });
    if ('query' in parsed)
      expect(listPathOfDetail(parsed.query)).toBe('/achievements?period=annual&year=2026&type=1');
  });

  it.each([
    ['', '/home'],
    ['wasteType=1&wasteCode=A&wasteCompanyId=3', '/home'],
    ['year=abc&wasteType=1&wasteCode=A&wasteCompanyId=3', '/home'],
    ['year=2026&wasteType=3&wasteCode=A&wasteCompanyId=3', '/achievements'],
    ['year=2026&wasteType=0&wasteCode=A&wasteCompanyId=3', '/achievements'],
    ['year=2026&wasteCode=A&wasteCompanyId=3', '/achievements'],
    ['year=2026&wasteType=1&wasteCompanyId=3', '/achievements'],
    ['year=2026&wasteType=1&wasteCode=A', '/achievements'],
    ['year=2026&wasteType=1&wasteCode=A&wasteCompanyId=0', '/achievements'],
    ['year=2026&month=13&wasteType=1&wasteCode=A&wasteCompanyId=3', '/achievements'],
    [`year=2026&wasteType=1&wasteCode=${'X'.repeat(17)}&wasteCompanyId=3`, '/achievements'],
    ['year=2026&wasteType=1&wasteCode=A&wasteCompanyId=3&unitId=t', '/achievements'],
    ['year=2026&wasteType=1&wasteCode=A&wasteCompanyId=3&unitId=0', '/achievements'],
  ])('%s redirects to %s', (qs, redirect) => {
    expect(parseDetailParams(new URLSearchParams(qs))).toEqual({ redirect });
  });

  const line = 'year=2026&month=4&wasteType=1&wasteCode=A&wasteCompanyId=3&unitId=1';
  const queryOf = (qs: string) => {
    const parsed = parseDetailParams(new URLSearchParams(qs));
    if (!('query' in parsed)) throw new Error(`redirected: ${qs}`);
    return parsed.query;
  };

  it('keeps the page, size and sort in the address, each left out at its default', () => {
    const query = queryOf(`${line}&page=3&size=100&sort=volume&order=desc`);
    expect(query).toMatchObject({ page: 3, size: 100, sort: 'volume', order: 'desc' });
    expect(detailParamsOf(query).toString()).toBe(`${line}&page=3&size=100&sort=volume&order=desc`);
    expect(detailParamsOf(queryOf(line)).toString()).toBe(line);
    expect(detailParamsOf({ ...queryOf(line), sort: 'manifestNumber' }).toString()).toBe(
      `${line}&sort=manifestNumber`,
    );
    // The line is the same whatever page or sort shows it.
    expect(detailLineKey(query)).toBe(detailLineKey(queryOf(line)));
    expect(detailLineKey(query)).not.toBe(detailLineKey(queryOf(line.replace('unitId=1', 'unitId=2'))));
  });

  it.each([
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=99999999', { page: 1 }],
    ['size=7', { size: 50 }],
    ['size=1000', { size: 50 }],
    ['size=20', { size: 20 }],
    ['sort=status', { sort: 'date' }],
    ['sort=projectTitle', { sort: 'projectTitle' }],
    ['order=up', { order: 'asc' }],
  ])('reads %s as %o, never a refused call', (qs, expected) => {
    expect(queryOf(`${line}&${qs}`)).toMatchObject(expected);
  });

  it.each([
    [1, 50, 0, null],
    [1, 50, 120, null],
    [3, 50, 120, null],
    [4, 50, 120, 3],
    [9, 20, 0, 1],
  ])('page %i of %i with %i reports -> %s', (page, size, total, expected) => {
    expect(lastPageIfPast(page, size, total)).toBe(expected);
  });
});
