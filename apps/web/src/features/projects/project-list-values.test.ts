import { describe, expect, it } from 'vitest';
import { tableChange } from '../../components/master-list';
import { changedFilterParams } from '../../lib/list-page';
import {
  DEFAULT_PROJECT_FILTERS as D,
  filterChange,
  lastPageIfPast,
  parseProjectFilters,
  projectFiltersCodec,
  projectFiltersToParams,
  projectListRequest,
} from './project-list-values';

const parse = (search: string) => parseProjectFilters(new URLSearchParams(search));

describe('project list filters in the address', () => {
  it('defaults to the first tab, 50 newest first', () => {
    expect(parse('')).toEqual(D);
    expect(projectFiltersToParams(D).toString()).toBe('tab=PRE_CONTRACT');
  });

  it('round-trips every filter', () => {
    const filters = {
      tab: 'PAST' as const,
      keyword: '可燃 ごみ',
      type: 'REGULAR' as const,
      page: 3,
      size: 100,
      sort: 'title' as const,
      order: 'asc' as const,
    };
    expect(parseProjectFilters(projectFiltersToParams(filters))).toEqual(filters);
  });

  it.each([
    ['tab=ALL', { tab: 'PRE_CONTRACT' }],
    ['type=OTHER', { type: null }],
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=1.5', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['size=100000', { size: 50 }],
    ['size=7', { size: 50 }],
    ['sort=memo', { sort: 'createdDate' }],
    ['order=up', { order: 'desc' }],
    [`keyword=${'x'.repeat(150)}`, { keyword: 'x'.repeat(100) }],
    ['keyword=%20%20iron%20', { keyword: 'iron' }],
  ])('falls back to a default for %s instead of a refused call', (search, expected) => {
    expect(parse(search)).toMatchObject(expected);
  });

  it('starts a new tab, keyword or type on page 1, keeping the sort', () => {
    const params = changedFilterParams('?tab=PAST&page=4&sort=id&order=asc', projectFiltersCodec, {
      ...filterChange({ keyword: 'iron' }),
    });
    expect(Object.fromEntries(params)).toEqual({ tab: 'PAST', keyword: 'iron', sort: 'id', order: 'asc' });
  });
});

describe('the call', () => {
  it('sends the filters, leaving out empty ones, and the company selector for a transporter', () => {
    expect(projectListRequest(D, null)).toEqual({
      tab: 'PRE_CONTRACT',
      page: 1,
      size: 50,
      sort: 'createdDate',
      order: 'desc',
    });
    expect(projectListRequest({ ...D, keyword: 'iron', type: 'INDUSTRIAL' }, 7)).toMatchObject({
      keyword: 'iron',
      type: 'INDUSTRIAL',
      companyId: 7,
    });
    expect(projectListRequest(D, 'ALL')).toMatchObject({ companyId: 'ALL' });
  });
});

describe('table changes', () => {
  const current = { sort: 'createdDate' as const, order: 'desc' as const };

  it('sorts on the server by the column clicked, from page 1', () => {
    expect(
      tableChange(
        { current: 3, pageSize: 50 },
        { columnKey: 'title', order: 'ascend' },
        current,
        'createdDate',
        'desc',
      ),
    ).toEqual({ sort: 'title', order: 'asc', page: 1, size: 50 });
  });

  it('returns to newest first when the sort is cleared', () => {
    expect(
      tableChange(
        { current: 1, pageSize: 50 },
        { columnKey: 'id', order: undefined },
        { sort: 'id', order: 'desc' },
        'createdDate',
        'desc',
      ),
    ).toEqual({ sort: 'createdDate', order: 'desc', page: 1, size: 50 });
  });

  it('keeps the sort when only the page changes', () => {
    expect(
      tableChange(
        { current: 2, pageSize: 100 },
        { columnKey: 'createdDate', order: 'descend' },
        current,
        'createdDate',
        'desc',
      ),
    ).toEqual({ sort: 'createdDate', order: 'desc', page: 2, size: 100 });
  });
});

describe('lastPageIfPast', () => {
  it.each([
    [1, 50, 0, null],
    [3, 50, 120, null],
    [4, 50, 120, 3],
    [9, 100, 0, 1],
  ])('page %i of %i with %i rows -> %s', (page, size, total, expected) => {
    expect(lastPageIfPast(page, size, total)).toBe(expected);
  });
});
