import { describe, expect, it } from 'vitest';
import { quoteLineAmount, quoteTotals, taxIncluded } from './quote-amount';

describe('quoteLineAmount', () => {
  it.each([
    [1000, 1, 1000],
    [1000, 1.5, 1500],
    [333, 0.5, 167], // 166.5 rounds half up
    [1, 0.01, 0],
    [99_999_999, 9_999_999, 999_999_890_000_001],
    [120, 0.1, 12],
    [0, 5, 0],
  ])('%d x %d = %d', (price, qty, amount) => expect(quoteLineAmount(price, qty)).toBe(amount));
});

describe('quoteTotals', () => {
  it('sums the lines and adds 10 % tax rounded down', () => {
    expect(
      quoteTotals([
        { unitPrice: 1234, quantity: 1 },
        { unitPrice: 5, quantity: 1.1 },
      ]),
    ).toEqual({
      amounts: [1234, 6],
      totalAmount: 1240,
      totalWithTax: 1364,
    });
    expect(taxIncluded(1235)).toBe(1358); // 1358.5 rounds down
    expect(quoteTotals([])).toEqual({ amounts: [], totalAmount: 0, totalWithTax: 0 });
  });
});
