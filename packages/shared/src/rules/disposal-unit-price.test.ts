import { describe, expect, it } from 'vitest';
import { disposalPriceOn, findDisposalPriceOverlap } from './disposal-unit-price';

const price = (
  over: Partial<{
    id: number;
    wasteId: number;
    unitMeasureId: number;
    validFrom: string;
    validTo: string | null;
  }> = {},
) => ({
  id: 1,
  wasteId: 10,
  unitMeasureId: 2,
  validFrom: '2026-04-01',
  validTo: '2027-03-31' as string | null,
  ...over,
});

describe('findDisposalPriceOverlap', () => {
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
    expect(findDisposalPriceOverlap(candidate, existing) !== null).toBe(overlaps);
  });

  it('another waste or another unit is a different series', () => {
    expect(findDisposalPriceOverlap(price({ wasteId: 11 }), existing)).toBeNull();
    expect(findDisposalPriceOverlap(price({ unitMeasureId: 3 }), existing)).toBeNull();
  });

  it('an open-ended existing price overlaps everything after its start', () => {
    const open = [price({ id: 7, validTo: null })];
    expect(
      findDisposalPriceOverlap(price({ validFrom: '2099-01-01', validTo: '2099-01-31' }), open)?.id,
    ).toBe(7);
  });
});

describe('disposalPriceOn', () => {
  const prices = [
    price({ id: 1, validFrom: '2026-04-01', validTo: '2027-03-31' }),
    price({ id: 2, validFrom: '2027-04-01', validTo: null }),
    price({ id: 3, unitMeasureId: 5, validFrom: '2026-04-01', validTo: null }),
  ];
  it.each([
    ['2026-03-31', 2, null],
    ['2026-04-01', 2, 1],
    ['2027-03-31', 2, 1],
    ['2027-04-01', 2, 2],
    ['2030-01-01', 5, 3],
    ['2030-01-01', 9, null],
  ])('on %s, unit %i', (date, unit, id) => {
    expect(disposalPriceOn(prices, 10, unit, date)?.id ?? null).toBe(id);
  });
});
