import { describe, expect, it } from 'vitest';
import { isRetained, latestDate, RETENTION_LAST_DATE, retentionRefusal, retentionUntil } from './retention';

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
