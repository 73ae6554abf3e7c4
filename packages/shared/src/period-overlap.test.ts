import { describe, expect, it } from 'vitest';
import { findPeriodOverlap, isPeriodActive, isValidPeriod, periodsOverlap } from './period-overlap';

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
