import { describe, expect, it } from 'vitest';
import {
  findOverlappingPeriod,
  findPeriodOverlap,
  isPeriodActive,
  isValidPeriod,
  periodStatusOn,
  periodsOverlap,
} from './price-period';
import { disposalPriceRow } from './price-period.fixtures';

const p = (validFrom: string, validTo: string | null = null) => ({ validFrom, validTo });

describe('periodsOverlap', () => {
  it.each([
    ['disjoint, a before b', p('2026-01-01', '2026-03-31'), p('2026-04-01', '2026-06-30'), false],
    ['disjoint, b before a', p('2026-04-01', '2026-06-30'), p('2026-01-01', '2026-03-31'), false],
    [
      'touching on one day (inclusive ends)',
      p('2026-01-01', '2026-03-31'),
      p('2026-03-31', '2026-06-30'),
      true,
    ],
    ['one inside the other', p('2026-01-01', '2026-12-31'), p('2026-05-01', '2026-05-31'), true],
    ['identical', p('2026-01-01', '2026-01-31'), p('2026-01-01', '2026-01-31'), true],
    ['single days, same', p('2026-02-01', '2026-02-01'), p('2026-02-01', '2026-02-01'), true],
    ['single days, next to each other', p('2026-02-01', '2026-02-01'), p('2026-02-02', '2026-02-02'), false],
    ['open-ended a, b later', p('2026-01-01'), p('2030-01-01', '2030-12-31'), true],
    ['open-ended a, b ends the day before', p('2026-01-01'), p('2025-01-01', '2025-12-31'), false],
    ['open-ended a, b ends on its first day', p('2026-01-01'), p('2025-01-01', '2026-01-01'), true],
    ['both open-ended', p('2026-01-01'), p('2027-01-01'), true],
    ['across a year end', p('2025-12-01', '2026-01-10'), p('2026-01-10', '2026-02-01'), true],
  ])('%s', (_name, a, b, expected) => {
    expect(periodsOverlap(a, b)).toBe(expected);
    expect(periodsOverlap(b, a)).toBe(expected);
  });
});

describe('isValidPeriod', () => {
  it.each([
    [p('2026-01-01', '2026-01-31'), true],
    [p('2026-01-01', '2026-01-01'), true],
    [p('2026-01-01'), true],
    [{ validFrom: '2026-01-01' }, true],
    [p('2026-02-01', '2026-01-31'), false],
  ])('%o -> %s', (period, expected) => {
    expect(isValidPeriod(period)).toBe(expected);
  });
});

describe('isPeriodActive', () => {
  it.each([
    [p('2026-01-01', '2026-01-31'), '2026-01-01', true],
    [p('2026-01-01', '2026-01-31'), '2026-01-31', true],
    [p('2026-01-01', '2026-01-31'), '2026-02-01', false],
    [p('2026-01-01', '2026-01-31'), '2025-12-31', false],
    [p('2026-01-01'), '2099-01-01', true],
  ])('%o on %s -> %s', (period, date, expected) => {
    expect(isPeriodActive(period, date)).toBe(expected);
  });
});

describe('periodStatusOn', () => {
  it.each([
    ['the day before the start', p('2026-01-01', '2026-01-31'), '2025-12-31', 'FUTURE'],
    ['the first day', p('2026-01-01', '2026-01-31'), '2026-01-01', 'CURRENT'],
    ['inside', p('2026-01-01', '2026-01-31'), '2026-01-15', 'CURRENT'],
    ['the last day', p('2026-01-01', '2026-01-31'), '2026-01-31', 'CURRENT'],
    ['the day after the end', p('2026-01-01', '2026-01-31'), '2026-02-01', 'PAST'],
    ['a single day, on it', p('2026-02-01', '2026-02-01'), '2026-02-01', 'CURRENT'],
    ['open-ended, long after', p('2026-01-01'), '2099-12-31', 'CURRENT'],
    ['open-ended, before', p('2026-01-01'), '2025-06-01', 'FUTURE'],
  ] as const)('%s', (_name, period, date, expected) => {
    expect(periodStatusOn(period, date)).toBe(expected);
    // CURRENT is exactly the days the period is active.
    expect(periodStatusOn(period, date) === 'CURRENT').toBe(isPeriodActive(period, date));
  });
});

describe('findOverlappingPeriod', () => {
  // A disposal unit price series: one company's prices of a waste per unit.
  const price = disposalPriceRow;
  const seriesOf = (r: { wasteId: number; unitMeasureId: number }) => `${r.wasteId}/${r.unitMeasureId}`;
  const existing = [price()];

  it.each([
    ['the same period', { validFrom: '2026-04-01', validTo: '2027-03-31' }, true],
    ['starting on the last day (inclusive ends)', { validFrom: '2027-03-31', validTo: null }, true],
    ['ending on the first day', { validFrom: '2025-04-01', validTo: '2026-04-01' }, true],
    ['open-ended, starting before', { validFrom: '2020-01-01', validTo: null }, true],
    ['inside', { validFrom: '2026-06-01', validTo: '2026-06-30' }, true],
    ['the day after', { validFrom: '2027-04-01', validTo: null }, false],
    ['ending the day before', { validFrom: '2025-04-01', validTo: '2026-03-31' }, false],
  ])('%s', (_name, period, overlaps) => {
    const candidate = { wasteId: 10, unitMeasureId: 2, ...period };
    expect(findOverlappingPeriod(candidate, existing, seriesOf) !== null).toBe(overlaps);
    // Rows already read for the candidate's key need no key.
    expect(findOverlappingPeriod(candidate, existing) !== null).toBe(overlaps);
  });

  it('another waste or another unit is a different series', () => {
    expect(findOverlappingPeriod(price({ wasteId: 11 }), existing, seriesOf)).toBeNull();
    expect(findOverlappingPeriod(price({ unitMeasureId: 3 }), existing, seriesOf)).toBeNull();
  });

  it('an open-ended existing price overlaps everything after its start', () => {
    const open = [price({ id: 7, validTo: null })];
    expect(
      findOverlappingPeriod(price({ validFrom: '2099-01-01', validTo: '2099-01-31' }), open, seriesOf)?.id,
    ).toBe(7);
  });

  it('answers the first overlapping price, and null for none', () => {
    const rows = [
      price({ id: 1, validFrom: '2025-01-01', validTo: '2025-12-31' }),
      price({ id: 2, validFrom: '2026-01-01', validTo: '2026-06-30' }),
      price({ id: 3, validFrom: '2026-07-01', validTo: null }),
    ];
    expect(findOverlappingPeriod(p('2026-06-01', '2026-08-01'), rows)?.id).toBe(2);
    expect(findOverlappingPeriod(p('2024-01-01', '2024-12-31'), rows)).toBeNull();
    expect(findOverlappingPeriod(p('2026-01-01'), [])).toBeNull();
  });
});

describe('findPeriodOverlap', () => {
  const row = (wasteId: number | null, validFrom: string, validTo: string | null = null) => ({
    wasteId,
    validFrom,
    validTo,
  });
  it.each([
    ['empty list', [], null],
    ['different wastes may overlap', [row(1, '2026-01-01'), row(2, '2026-01-01')], null],
    ['consecutive periods of one waste', [row(1, '2026-01-01', '2026-03-31'), row(1, '2026-04-01')], null],
    [
      'overlap of one waste',
      [row(1, '2026-01-01', '2026-03-31'), row(2, '2026-01-01'), row(1, '2026-03-01')],
      [0, 2],
    ],
    ['no waste (area-wide) is its own key', [row(null, '2026-01-01'), row(null, '2026-06-01')], [0, 1]],
    ['area-wide price and a waste price do not clash', [row(null, '2026-01-01'), row(1, '2026-01-01')], null],
  ] as const)('%s', (_name, rows, expected) => {
    expect(findPeriodOverlap(rows, (r) => r.wasteId)).toEqual(expected);
  });
});
