import { describe, expect, it } from 'vitest';
import { type ComparedLineField, compareContractWithQuote, type PricedLine } from './contract-quote-diff';

const line = (over: Partial<PricedLine> = {}): PricedLine => ({
  wasteLineId: 1,
  wasteName: '可燃ごみ',
  unit: 'kg',
  unitPrice: 1500,
  transportUnitPrice: null,
  disposalUnitPrice: null,
  ...over,
});
const plastics = (over: Partial<PricedLine> = {}) =>
  line({
    wasteLineId: 2,
    wasteName: '廃プラスチック類',
    unit: 't',
    unitPrice: 28000,
    transportUnitPrice: 12000,
    disposalUnitPrice: 16000,
    ...over,
  });

describe('compareContractWithQuote', () => {
  it.each<
    [string, PricedLine[], PricedLine[], [string, 'both' | 'quote' | 'contract', ComparedLineField[]][]]
  >([
    [
      'the same prices',
      [line(), plastics()],
      [line(), plastics()],
      [
        ['可燃ごみ', 'both', []],
        ['廃プラスチック類', 'both', []],
      ],
    ],
    ['a changed unit price', [line()], [line({ unitPrice: 1400 })], [['可燃ごみ', 'both', ['unitPrice']]]],
    [
      'changed transport and disposal parts',
      [plastics()],
      [plastics({ unitPrice: 27000, transportUnitPrice: 11000 })],
      [['廃プラスチック類', 'both', ['unitPrice', 'transportUnitPrice']]],
    ],
    [
      'parts the contract drops',
      [plastics()],
      [plastics({ transportUnitPrice: null, disposalUnitPrice: null })],
      [['廃プラスチック類', 'both', ['transportUnitPrice', 'disposalUnitPrice']]],
    ],
    [
      'a changed quantity',
      [line({ quantity: 100 })],
      [line({ quantity: 120 })],
      [['可燃ごみ', 'both', ['quantity']]],
    ],
    // A contract states no quantity of its own: not a difference.
    ['a quantity on one side only', [line({ quantity: 100 })], [line()], [['可燃ごみ', 'both', []]]],
    [
      'a line only in the quote',
      [line(), plastics()],
      [line()],
      [
        ['可燃ごみ', 'both', []],
        ['廃プラスチック類', 'quote', []],
      ],
    ],
    [
      'a line only in the contract',
      [line()],
      [line(), plastics()],
      [
        ['可燃ごみ', 'both', []],
        ['廃プラスチック類', 'contract', []],
      ],
    ],
    // Prices in different units cannot be compared: two lines, one on each side.
    [
      'a line in another unit',
      [line()],
      [line({ unit: 'm3' })],
      [
        ['可燃ごみ', 'contract', []],
        ['可燃ごみ', 'quote', []],
      ],
    ],
    [
      'a quote line without a unit',
      [line({ unit: null })],
      [line({ unitPrice: 1600 })],
      [['可燃ごみ', 'both', ['unitPrice']]],
    ],
    [
      'the same waste name on two lines',
      [line(), line({ wasteLineId: 3, unitPrice: 900 })],
      [line({ wasteLineId: 3, unitPrice: 900 }), line()],
      [
        ['可燃ごみ', 'both', []],
        ['可燃ごみ', 'both', []],
      ],
    ],
    ['nothing on either side', [], [], []],
  ])('%s', (_name, quote, contract, expected) => {
    const result = compareContractWithQuote(quote, contract);
    expect(
      result.lines.map((l) => [
        l.wasteName,
        l.quote && l.contract ? 'both' : l.quote ? 'quote' : 'contract',
        l.changed,
      ]),
    ).toEqual(expected);
    const different = expected.filter(([, side, changed]) => side !== 'both' || changed.length > 0);
    expect(result.differenceCount).toBe(different.length);
    expect(result.lines.filter((l) => l.isDifferent)).toHaveLength(different.length);
  });

  it('keeps both values of a changed line', () => {
    const [compared] = compareContractWithQuote([line()], [line({ unitPrice: 1400 })]).lines;
    expect(compared?.quote?.unitPrice).toBe(1500);
    expect(compared?.contract?.unitPrice).toBe(1400);
    expect(compared?.unit).toBe('kg');
  });
});
