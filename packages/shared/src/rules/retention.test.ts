import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../contract-rules';
import {
  invoiceRetentionUntil,
  isRetained,
  keptUntil,
  latestDate,
  RETENTION_LAST_DATE,
  retentionRefusal,
  retentionUntil,
} from './retention';

describe('retentionUntil', () => {
  it.each([
    ['2026-03-31', '2031-03-31'],
    ['2024-02-29', '2029-02-28'], // no 29 February five years on
    ['2028-02-29', '2033-02-28'],
    ['2025-12-31', '2030-12-31'],
    ['2026-01-01', '2031-01-01'],
  ])('%s is kept until %s', (last, until) => {
    expect(retentionUntil(last)).toBe(until);
  });
});

describe('isRetained / retentionRefusal', () => {
  it.each([
    ['2026-03-31', '2026-04-01', true],
    ['2026-03-31', '2031-03-30', true],
    ['2026-03-31', '2031-03-31', true], // the last day itself is still kept
    ['2026-03-31', '2031-04-01', false],
    ['2020-01-15', '2026-05-01', false],
    ['2030-01-01', '2026-05-01', true], // a last date ahead (a contract still running)
  ])('last date %s on %s: retained %s', (last, today, retained) => {
    expect(isRetained(last, today)).toBe(retained);
    expect(retentionRefusal(last, today)).toEqual(
      retained ? { code: 'retention_period_until', params: { until: retentionUntil(last) } } : null,
    );
  });
});

describe('latestDate', () => {
  it.each([
    [[], null],
    [[null, undefined], null],
    [['2026-01-02', null, '2025-12-31'], '2026-01-02'],
    [['2024-02-29', '2024-03-01'], '2024-03-01'],
  ] as const)('%j -> %s', (dates, latest) => {
    expect(latestDate(...dates)).toBe(latest);
  });
});

describe('RETENTION_LAST_DATE', () => {
  it('takes a manifest to its latest phase date, not its update time', () => {
    const base = {
      deliveryDate: '2026-01-10',
      transportEndDate: '2026-01-12',
      disposalEndDate: null,
      finalDisposalEndDate: null,
      createdOn: '2026-01-10',
    };
    expect(RETENTION_LAST_DATE.manifest(base)).toBe('2026-01-12');
    expect(RETENTION_LAST_DATE.manifest({ ...base, finalDisposalEndDate: '2026-04-30' })).toBe('2026-04-30');
    expect(RETENTION_LAST_DATE.manifest({ ...base, deliveryDate: null, transportEndDate: null })).toBe(
      '2026-01-10',
    );
  });
  it('takes a report to its corrected end, its last change or its deletion', () => {
    const base = {
      collectTime: '2026-01-10',
      endDateTransport: '2026-01-10',
      lastEndDateTransport: null,
      updatedOn: '2026-01-11',
      deletedOn: null,
    };
    expect(RETENTION_LAST_DATE.transportReport(base)).toBe('2026-01-11');
    expect(RETENTION_LAST_DATE.transportReport({ ...base, lastEndDateTransport: '2026-01-20' })).toBe(
      '2026-01-20',
    );
    expect(RETENTION_LAST_DATE.transportReport({ ...base, deletedOn: '2026-02-01' })).toBe('2026-02-01');
  });
  it.each([
    [2026, 2, '2026-01-05', '2026-02-28'],
    [2024, 2, '2024-01-05', '2024-02-29'],
    [2026, 12, '2027-01-05', '2027-01-05'],
  ])('takes a monthly report of %i-%i (updated %s) to %s', (year, month, updatedOn, last) => {
    expect(RETENTION_LAST_DATE.regularReport({ year, month, updatedOn })).toBe(last);
  });
  it('takes a contract to its end date and a permit to its expiry or retirement', () => {
    expect(RETENTION_LAST_DATE.contract({ endDate: '2027-03-31', updatedOn: '2026-04-01' })).toBe(
      '2027-03-31',
    );
    expect(RETENTION_LAST_DATE.contract({ endDate: '2026-03-31', updatedOn: '2026-05-01' })).toBe(
      '2026-05-01',
    );
    expect(
      RETENTION_LAST_DATE.permit({ expiryDate: '2029-03-31', retiredOn: null, updatedOn: '2026-01-01' }),
    ).toBe('2029-03-31');
    expect(
      RETENTION_LAST_DATE.permit({
        expiryDate: '2025-03-31',
        retiredOn: '2025-06-01',
        updatedOn: '2025-06-01',
      }),
    ).toBe('2025-06-01');
  });
});

describe('invoiceRetentionUntil', () => {
  it.each([
    // A March year end: the invoice's year closes 2027-03-31, the return is due 2027-05-31, kept seven years on.
    ['2026-04-01', '2034-05-31'],
    ['2026-04-15', '2034-05-31'],
    // The latest close a year holding 2027-03-31 can have is 2028-02-29; its return is due 2028-04-30.
    ['2027-03-31', '2035-04-30'],
    // January's year closes 2026-12-31 at the latest (a calendar year); February's 2027-01-31.
    ['2026-01-31', '2034-02-28'],
    ['2026-02-01', '2034-03-31'],
    ['2024-02-29', '2032-03-31'],
    ['2026-12-31', '2035-01-31'],
  ])('an invoice last dated %s is kept until %s', (last, until) => {
    expect(invoiceRetentionUntil(last)).toBe(until);
  });

  it('is never less than seven years from the last date, nor than seven years after any return it may fall in', () => {
    for (let day = 0; day < 800; day += 7) {
      const last = addDays('2025-01-01', day);
      const until = invoiceRetentionUntil(last);
      // Seven years from the day after the latest deadline a fiscal year closing at a month's end can give:
      // the year closes within twelve months, the return two months later.
      const latestClose = addDays(`${addMonths(last, 12).slice(0, 8)}01`, -1);
      const deadline = addDays(`${addMonths(`${latestClose.slice(0, 8)}01`, 3).slice(0, 8)}01`, -1);
      expect(until >= addMonths(deadline, 84), `${last}: ${until}`).toBe(true);
      expect(until > addMonths(last, 84)).toBe(true);
    }
  });
});

describe('keptUntil', () => {
  it('answers five years for the Waste Management Act records and the invoice rule for invoices', () => {
    expect(keptUntil('contract', { endDate: '2027-03-31', updatedOn: '2026-04-01' })).toBe('2032-03-31');
    expect(
      keptUntil('permit', { expiryDate: '2029-03-31', retiredOn: '2029-05-01', updatedOn: '2029-05-01' }),
    ).toBe('2034-05-01');
    expect(keptUntil('regularReport', { year: 2026, month: 2, updatedOn: '2026-03-02' })).toBe('2031-03-02');
    expect(
      keptUntil('invoice', {
        billingDate: '2026-04-30',
        dueDate: '2026-05-31',
        settlementDate: null,
        updatedOn: '2026-04-30',
        supersededOn: null,
      }),
    ).toBe('2034-06-30');
    // Paid later: the payment is its last date.
    expect(
      keptUntil('invoice', {
        billingDate: '2026-04-30',
        dueDate: '2026-05-31',
        settlementDate: '2026-07-10',
        updatedOn: '2026-07-10',
        supersededOn: null,
      }),
    ).toBe('2034-08-31');
    // Replaced by a correction later still: the replacement is.
    expect(
      keptUntil('invoice', {
        billingDate: '2026-04-30',
        dueDate: '2026-05-31',
        settlementDate: null,
        updatedOn: '2026-04-30',
        supersededOn: '2026-09-01',
      }),
    ).toBe('2034-10-31');
  });
});
