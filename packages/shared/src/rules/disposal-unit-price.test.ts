import { describe, expect, it } from 'vitest';
import { disposalPriceOn } from './disposal-unit-price';
import { disposalPriceRow } from './price-period.fixtures';

const price = disposalPriceRow;

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
