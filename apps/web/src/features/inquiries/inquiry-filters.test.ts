import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INQUIRY_FILTERS,
  inquiryFiltersToParams,
  inquiryListQuery,
  parseInquiryFilters,
} from './inquiry-filters';

const parse = (search: string) => parseInquiryFilters(new URLSearchParams(search));

describe('inquiry filters in the address', () => {
  it('reads the defaults from an empty address and writes none back', () => {
    expect(parse('')).toEqual(DEFAULT_INQUIRY_FILTERS);
    expect(inquiryFiltersToParams(DEFAULT_INQUIRY_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const search =
      'status=CLOSED&importance=IMPORTANT&query=%E8%AB%8B%E6%B1%82&companyType=TRANSPORT&page=3&size=50&sort=importance&order=asc&open=12';
    const filters = parse(search);
    expect(filters).toEqual({
      status: 'CLOSED',
      importance: 'IMPORTANT',
      query: '請求',
      companyType: 'TRANSPORT',
      page: 3,
      size: 50,
      sort: 'importance',
      order: 'asc',
      open: 12,
    });
    expect(parse(inquiryFiltersToParams(filters).toString())).toEqual(filters);
  });

  it.each([
    ['status=OPEN', { status: null }],
    ['importance=HIGH', { importance: null }],
    ['companyType=ADMIN', { companyType: null }],
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['size=30', { size: 20 }],
    ['size=1e2', { size: 20 }],
    ['sort=subject', { sort: 'lastMessageAt' }],
    ['order=up', { order: 'desc' }],
    ['open=abc', { open: null }],
    ['open=0', { open: null }],
    ['open=99999999999', { open: null }],
    [`query=${'x'.repeat(80)}`, { query: 'x'.repeat(64) }],
  ])('falls back on a malformed %s', (search, expected) => {
    expect(parse(search)).toMatchObject(expected);
  });

  it("sends the side filter for support's list only, and never the open inquiry", () => {
    const filters = parse('companyType=WASTE&status=AWAITING_RESPONSE&open=5');
    expect(inquiryListQuery(filters, 'ADMIN')).toEqual({
      page: 1,
      size: 20,
      sort: 'lastMessageAt',
      order: 'desc',
      status: 'AWAITING_RESPONSE',
      companyType: 'WASTE',
    });
    expect(inquiryListQuery(filters, 'WASTE')).not.toHaveProperty('companyType');
  });
});
