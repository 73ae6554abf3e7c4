import { describe, expect, it } from 'vitest';
import { createQuoteLineSchema } from './api/quotes';
import {
  defaultPricing,
  isQuoteExpired,
  priceUnitOf,
  priceUnitText,
  quoteLinePricingIssue,
  requestedBagSizes,
  suggestedMonthlyQuantity,
} from './quote-pricing';

const regular = (bags: Record<string, number>) => ({ kind: 'REGULAR' as const, bags });
const industrial = { kind: 'INDUSTRIAL' as const, bags: null };

describe('requestedBagSizes', () => {
  it.each([
    [regular({ '70': 1, '45': 2 }), [45, 70]],
    [regular({ '45': 0 }), []],
    [regular({}), []],
    [industrial, []],
  ])('%j -> %j', (line, sizes) => expect(requestedBagSizes(line)).toEqual(sizes));
});

describe('quoteLinePricingIssue', () => {
  it.each([
    ['quantity on an industrial line', { pricingBasis: 'QUANTITY' }, industrial, null],
    ['no basis stated', {}, industrial, null],
    ['quantity on a bag line', { pricingBasis: 'QUANTITY' }, regular({ '45': 2 }), null],
    ['a requested bag size', { pricingBasis: 'BAG', bagSize: 45 }, regular({ '45': 2 }), null],
    ['per collection on a regular line', { pricingBasis: 'COLLECTION' }, regular({}), null],
    [
      'a bag size not requested',
      { pricingBasis: 'BAG', bagSize: 90 },
      regular({ '45': 2 }),
      { field: 'bagSize', code: 'bag_size_not_requested' },
    ],
    [
      'a bag size of zero bags',
      { pricingBasis: 'BAG', bagSize: 45 },
      regular({ '45': 0 }),
      { field: 'bagSize', code: 'bag_size_not_requested' },
    ],
    [
      'bags on an industrial line',
      { pricingBasis: 'BAG', bagSize: 45 },
      industrial,
      { field: 'pricingBasis', code: 'pricing_basis_not_allowed' },
    ],
    [
      'per collection on an industrial line',
      { pricingBasis: 'COLLECTION' },
      industrial,
      { field: 'pricingBasis', code: 'pricing_basis_not_allowed' },
    ],
  ] as const)('%s', (_name, line, wasteLine, issue) =>
    expect(quoteLinePricingIssue(line, wasteLine)).toEqual(issue),
  );
});

describe('defaultPricing', () => {
  it.each([
    [
      { ...regular({ '70': 1, '45': 3 }), monthlyCapacity: null },
      { pricingBasis: 'BAG', bagSize: 45 },
    ],
    [
      { ...regular({ '45': 3 }), monthlyCapacity: 120 },
      { pricingBasis: 'QUANTITY', bagSize: null },
    ],
    [
      { ...regular({}), monthlyCapacity: 120 },
      { pricingBasis: 'QUANTITY', bagSize: null },
    ],
    [
      { ...industrial, monthlyCapacity: null },
      { pricingBasis: 'QUANTITY', bagSize: null },
    ],
  ])('%j -> %j', (line, pricing) => expect(defaultPricing(line)).toEqual(pricing));
});

describe('suggestedMonthlyQuantity', () => {
  const line = { bags: { '45': 3 }, collectionCount: 2 };
  it.each([
    ['BAG', 45, line, 26], // 3 bags x 2 a week x 52/12 weeks
    ['COLLECTION', null, line, 8.67],
    ['BAG', 90, line, null],
    ['QUANTITY', null, line, null],
    ['COLLECTION', null, { bags: {}, collectionCount: null }, null],
  ] as const)('%s %s -> %s', (basis, size, l, quantity) =>
    expect(suggestedMonthlyQuantity(basis, size, l)).toBe(quantity),
  );
});

describe('priceUnitOf and priceUnitText', () => {
  it.each([
    [{ kind: 'INDUSTRIAL', pricingBasis: 'QUANTITY', unit: 'm3' }, { basis: 'QUANTITY', unit: 'm3' }, 'm3'],
    [{ kind: 'INDUSTRIAL', unit: null }, { basis: 'QUANTITY', unit: null }, null],
    [{ kind: 'REGULAR', pricingBasis: 'QUANTITY', unit: null }, { basis: 'QUANTITY', unit: 'kg' }, 'kg'],
    [{ kind: 'REGULAR', pricingBasis: 'BAG', bagSize: 45 }, { basis: 'BAG', bagSize: 45 }, '袋(45L)'],
    [{ kind: 'REGULAR', pricingBasis: 'COLLECTION', unit: 'kg' }, { basis: 'COLLECTION' }, '回'],
  ] as const)('%j', (line, unit, text) => {
    expect(priceUnitOf(line)).toEqual(unit);
    expect(priceUnitText(priceUnitOf(line))).toBe(text);
  });
});

describe('isQuoteExpired', () => {
  it.each([
    [null, '2026-11-27', false],
    ['2026-11-27', '2026-11-27', false], // valid through its last day
    ['2026-11-26', '2026-11-27', true],
    ['2027-01-01', '2026-12-31', false],
  ])('valid until %s, today %s -> %s', (until, today, expired) =>
    expect(isQuoteExpired(until, today)).toBe(expired),
  );
});

describe('createQuoteLineSchema', () => {
  const base = { wasteLineId: 1, unitPrice: 500, quantity: '10' };
  it('prices by quantity unless told otherwise', () => {
    expect(createQuoteLineSchema.parse(base)).toMatchObject({ pricingBasis: 'QUANTITY' });
  });
  it.each([
    [{ pricingBasis: 'BAG', bagSize: 45 }, null],
    [{ pricingBasis: 'BAG' }, 'MSG_00_21'],
    [{ pricingBasis: 'BAG', bagSize: 50 }, 'MSG_00_21'],
    [{ pricingBasis: 'COLLECTION', bagSize: 45 }, 'invalid_format'],
    [{ pricingBasis: 'PER_TRUCK' }, 'invalid_format'],
  ])('%j -> %s', (extra, code) => {
    const parsed = createQuoteLineSchema.safeParse({ ...base, ...extra });
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(code);
  });
});
