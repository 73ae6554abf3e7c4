import { describe, expect, it } from 'vitest';
import {
  combineUnitPrice,
  disposalPriceForWaste,
  hasPriceParts,
  holdsDisposalPermit,
  majorClassOf,
  wasteLineage,
} from './combined-unit-price';

describe('hasPriceParts', () => {
  it.each([
    ['INDUSTRIAL', 'COMBINED', 'INDUSTRIAL', true],
    ['INDUSTRIAL', 'SEPARATE', 'INDUSTRIAL', false],
    ['INDUSTRIAL', null, 'INDUSTRIAL', false],
    ['INDUSTRIAL', undefined, 'INDUSTRIAL', false],
    ['INDUSTRIAL', 'COMBINED', 'REGULAR', false],
    ['REGULAR', 'COMBINED', 'REGULAR', false],
    ['REGULAR', 'COMBINED', 'INDUSTRIAL', false],
  ] as const)('%s project, form %s, %s line: %s', (type, form, kind, expected) => {
    expect(hasPriceParts(type, form, kind)).toBe(expected);
  });
});

describe('combineUnitPrice', () => {
  it.each([
    [{ transportUnitPrice: 12000, disposalUnitPrice: 16000 }, 28000, []],
    [{ transportUnitPrice: 0, disposalUnitPrice: 0 }, 0, []],
    [{ transportUnitPrice: 12000, disposalUnitPrice: null }, null, ['disposal']],
    [{ transportUnitPrice: null, disposalUnitPrice: 16000 }, null, ['transport']],
    [{ disposalUnitPrice: 16000 }, null, ['transport']],
    [{}, null, ['transport', 'disposal']],
  ])('%o -> %s, missing %o', (parts, unitPrice, missing) => {
    expect(combineUnitPrice(parts)).toEqual({ unitPrice, missing });
  });
});

describe('waste lineage', () => {
  it.each([
    [{ id: 1, parentPath: '' }, [1], 1],
    [{ id: 12, parentPath: '/1/' }, [12, 1], 1],
    [{ id: 30, parentPath: '/1/12/' }, [30, 12, 1], 1],
    [{ id: 7, parentPath: 'broken' }, [7], 7],
  ])('%o', (waste, lineage, major) => {
    expect(wasteLineage(waste)).toEqual(lineage);
    expect(majorClassOf(waste)).toBe(major);
  });
});

describe('disposalPriceForWaste', () => {
  const price = (id: number, wasteId: number, unitMeasureId = 2, validFrom = '2026-04-01') => ({
    id,
    wasteId,
    unitMeasureId,
    validFrom,
    validTo: null,
  });
  const prices = [price(1, 1), price(2, 12), price(3, 1, 5), price(4, 30, 2, '2027-01-01')];

  it.each([
    ["the waste's own price first", [12, 1], 2, '2026-05-01', 2],
    ["else the nearest ancestor's", [30, 12, 1], 2, '2026-05-01', 2],
    ['the own price once it is in effect', [30, 12, 1], 2, '2027-01-01', 4],
    ['the major class for an unpriced sub-class', [31, 13, 1], 2, '2026-05-01', 1],
    ['in the asked unit only', [12, 1], 5, '2026-05-01', 3],
    ['none in another unit', [12, 1], 9, '2026-05-01', null],
    ['none before any period', [12, 1], 2, '2026-03-31', null],
    ['none for another kind', [40], 2, '2026-05-01', null],
  ])('%s', (_name, lineage, unit, date, id) => {
    expect(disposalPriceForWaste(prices, lineage, unit, date)?.id ?? null).toBe(id);
  });
});

describe('holdsDisposalPermit', () => {
  const permit = {
    kind: 'DISPOSAL' as const,
    wasteKindIds: [1, 2],
    issueDate: '2025-04-01',
    expiryDate: '2030-03-31',
    retired: false,
  };
  it.each([
    ['a covering permit on its first day', [permit], 1, '2025-04-01', true],
    ['on its expiry day', [permit], 2, '2030-03-31', true],
    ['before its issue', [permit], 1, '2025-03-31', false],
    ['after its expiry', [permit], 1, '2030-04-01', false],
    ['another kind', [permit], 3, '2026-01-01', false],
    ['a retired permit', [{ ...permit, retired: true }], 1, '2026-01-01', false],
    [
      'a collection-and-transport permit',
      [{ ...permit, kind: 'COLLECTION_TRANSPORT' as const }],
      1,
      '2026-01-01',
      false,
    ],
    ['no permit', [], 1, '2026-01-01', false],
  ])('%s', (_name, permits, kind, date, expected) => {
    expect(holdsDisposalPermit(permits, kind, date)).toBe(expected);
  });
});
