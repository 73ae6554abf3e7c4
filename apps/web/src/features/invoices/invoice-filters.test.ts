import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INVOICE_FILTERS,
  includesKeptVersions,
  invoiceFiltersToParams,
  invoiceListQuery,
  parseInvoiceFilters,
} from './invoice-filters';

const parse = (qs: string) => parseInvoiceFilters(new URLSearchParams(qs));

describe('invoice filters in the address', () => {
  it('reads every filter and writes it back the same', () => {
    const qs =
      'status=BILLED&billingFrom=2026-10-01&billingTo=2026-10-31&amountMin=100&amountMax=5000&companyId=3&projectId=9&overdue=true&invoiceNumber=000123-2&versions=current&page=2&size=50&sort=amount&order=asc';
    const f = parse(qs);
    expect(f).toEqual({
      status: 'BILLED',
      billingFrom: '2026-10-01',
      billingTo: '2026-10-31',
      amountMin: 100,
      amountMax: 5000,
      companyId: 3,
      projectId: 9,
      overdue: true,
      invoiceNumber: '000123-2',
      versions: 'current',
      page: 2,
      size: 50,
      sort: 'amount',
      order: 'asc',
    });
    expect(invoiceFiltersToParams(f).toString()).toBe(qs);
  });

  it('drops malformed values and orders reversed ranges', () => {
    expect(
      parse(
        'status=LOST&billingFrom=2026-02-30&amountMin=1e3&companyId=0x1&invoiceNumber=abc&versions=old&page=0&size=7&sort=secret',
      ),
    ).toEqual(DEFAULT_INVOICE_FILTERS);
    expect(parse('billingFrom=2026-12-01&billingTo=2026-11-01')).toMatchObject({
      billingFrom: '2026-11-01',
      billingTo: '2026-12-01',
    });
    expect(parse('amountMin=500&amountMax=100')).toMatchObject({ amountMin: 100, amountMax: 500 });
    expect(invoiceFiltersToParams(DEFAULT_INVOICE_FILTERS).toString()).toBe('');
  });

  it("asks the server with the page, the order and the header's company for a transporter", () => {
    const f = parse('status=PAID&page=3');
    expect(invoiceListQuery(f, null)).toEqual({
      page: 3,
      size: 20,
      sort: 'billingDate',
      order: 'desc',
      status: 'PAID',
    });
    expect(invoiceListQuery(parse('companyId=4'), 8)).toMatchObject({ companyId: 8 });
    expect(invoiceListQuery(parse('companyId=4'), 'ALL')).toMatchObject({ companyId: '4' });
  });

  it('includes every kept version once the search names amounts or billing dates, unless told not to', () => {
    for (const qs of ['amountMin=22000', 'amountMax=22000', 'billingFrom=2026-09-01', 'billingTo=2026-09-30'])
      expect(invoiceListQuery(parse(qs), null), qs).toMatchObject({ versions: 'all' });
    expect(invoiceListQuery(parse('amountMin=22000&versions=current'), null)).not.toHaveProperty('versions');
    // The day's filters keep current versions, unless kept ones are asked for.
    for (const qs of ['', 'status=BILLED', 'overdue=true', 'companyId=3', 'projectId=9'])
      expect(invoiceListQuery(parse(qs), null), qs).not.toHaveProperty('versions');
    expect(invoiceListQuery(parse('companyId=3&versions=all'), null)).toMatchObject({ versions: 'all' });
    expect(includesKeptVersions(parse('billingFrom=2026-09-01'))).toBe(true);
    expect(includesKeptVersions(parse('status=PAID'))).toBe(false);
  });
});
