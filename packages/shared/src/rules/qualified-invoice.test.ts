import { describe, expect, it } from 'vitest';
import {
  compareBilledToReported,
  computeQualifiedInvoice,
  corporateNumberCheckDigit,
  fromThousandths,
  invoiceLineAmount,
  isBillableQuantity,
  sumQuantities,
  toThousandths,
  validateInvoiceRegistrationNumber,
} from './qualified-invoice';

describe('corporateNumberCheckDigit', () => {
  // Published corporate numbers: 国税庁 7000012050002, トヨタ自動車株式会社 1180301018771. Worked by hand:
  // 000012050002 from the right: 2·1 + 5·1 (n=5) + 2·1 (n=7) + 1·2 (n=8) = 11; 11 mod 9 = 2; 9 - 2 = 7.
  it.each([
    ['000012050002', 7],
    ['180301018771', 1],
    // Σ = 9 -> 9 mod 9 = 0 -> check 9 (a first digit of 1 there is wrong).
    ['000012040001', 9],
    ['000000000000', 9],
  ])('%s -> %d', (base, check) => expect(corporateNumberCheckDigit(base)).toBe(check));
});

describe('validateInvoiceRegistrationNumber', () => {
  it.each([
    ['T7000012050002', 'T7000012050002'],
    ['T1180301018771', 'T1180301018771'],
    ['t7000012050002', 'T7000012050002'],
    ['Ｔ７００００１２０５０００２', 'T7000012050002'],
    ['ｔ1180301018771', 'T1180301018771'],
    [' T7-0000-1205-0002 ', 'T7000012050002'],
  ])('accepts %s as %s', (input, value) =>
    expect(validateInvoiceRegistrationNumber(input)).toEqual({ ok: true, value }),
  );

  it.each([
    ['T8000012050002', 'check_digit'],
    ['T1000012040001', 'check_digit'],
    ['T2180301018771', 'check_digit'],
    ['7000012050002', 'format'],
    ['T700001205000', 'format'],
    ['T70000120500021', 'format'],
    ['X7000012050002', 'format'],
    ['T70000120500O2', 'format'],
    ['', 'format'],
  ])('refuses %s (%s)', (input, reason) =>
    expect(validateInvoiceRegistrationNumber(input)).toEqual({ ok: false, reason }),
  );
});

describe('decimal quantities', () => {
  it('converts exactly', () => {
    expect(toThousandths('1.005')).toBe(1005n);
    expect(toThousandths(1.005)).toBe(1005n);
    expect(toThousandths('2')).toBe(2000n);
    expect(fromThousandths(1500n)).toBe('1.5');
    expect(fromThousandths(-250n)).toBe('-0.25');
    expect(sumQuantities(['0.1', '0.2'])).toBe('0.3');
    expect(sumQuantities([0.1, 0.2, '1.005'])).toBe('1.305');
  });
  it.each(['-1', '1.0001', 'abc', '1e3', '', '1234567890', 'NaN'])('refuses %s', (v) => {
    expect(isBillableQuantity(v)).toBe(false);
    expect(() => toThousandths(v)).toThrow(RangeError);
  });
  it('refuses non-finite numbers', () => expect(isBillableQuantity(Number.POSITIVE_INFINITY)).toBe(false));
});

describe('invoiceLineAmount', () => {
  it.each([
    ['1.005', 1000, 1005],
    ['1.005', 15_000, 15_075],
    ['0.001', 499, 0], // 0.499 -> 0
    ['0.001', 500, 1], // 0.5 rounds half up
    ['1.5', 333, 500], // 499.5 -> 500
    ['3', 12_000, 36_000],
    ['0', 5000, 0],
  ])('%s x %d = %d', (qty, price, amount) => expect(invoiceLineAmount(qty, price)).toBe(amount));

  it('refuses prices that are not whole yen', () => {
    expect(() => invoiceLineAmount('1', 1.5)).toThrow(RangeError);
    expect(() => invoiceLineAmount('1', -1)).toThrow(RangeError);
  });
});

describe('computeQualifiedInvoice', () => {
  it('rounds the tax once per rate and invoice, not per line', () => {
    // Each line's own 10 % would be 10.5 -> 10 (x3 = 30); once for the invoice: 315 x 10 % = 31.5 -> 31.
    const result = computeQualifiedInvoice([
      { description: 'A', dateFrom: '2026-10-01', quantity: '1', unit: '件', unitPrice: 105 },
      { description: 'B', dateFrom: '2026-10-02', quantity: '1', unit: '件', unitPrice: 105 },
      { description: 'C', dateFrom: '2026-10-03', quantity: '1', unit: '件', unitPrice: 105 },
    ]);
    expect(result.rates).toEqual([{ taxRate: 10, subtotal: 315, tax: 31 }]);
    expect(result).toMatchObject({ subtotal: 315, tax: 31, total: 346 });
  });

  it('keeps the rates apart, 10 % first', () => {
    const result = computeQualifiedInvoice([
      { description: '食品', dateFrom: '2026-10-01', quantity: '2.5', unit: 'kg', unitPrice: 99, taxRate: 8 },
      { description: '廃プラ', dateFrom: '2026-10-01', quantity: '1.005', unit: 't', unitPrice: 15_000 },
    ]);
    expect(result.lines.map((l) => [l.amount, l.taxRate, l.quantity])).toEqual([
      [248, 8, '2.5'], // 247.5 -> 248
      [15_075, 10, '1.005'],
    ]);
    expect(result.rates).toEqual([
      { taxRate: 10, subtotal: 15_075, tax: 1507 },
      { taxRate: 8, subtotal: 248, tax: 19 }, // 19.84 -> 19
    ]);
    expect(result).toMatchObject({ subtotal: 15_323, tax: 1526, total: 16_849 });
  });

  it('answers zeros for no lines', () => {
    expect(computeQualifiedInvoice([])).toEqual({ lines: [], rates: [], subtotal: 0, tax: 0, total: 0 });
  });

  it('refuses a rate that is not 10 or 8', () => {
    expect(() =>
      computeQualifiedInvoice([
        // biome-ignore lint/suspicious/noExplicitAny: an invalid rate on purpose
        { description: 'x', dateFrom: '2026-10-01', quantity: 1, unit: 't', unitPrice: 1, taxRate: 5 as any },
      ]),
    ).toThrow(RangeError);
  });
});

describe('compareBilledToReported', () => {
  const line = (key: string, quantity: string) => ({ key, description: key, unit: 't', quantity });
  it('flags different quantities and lines on one side only', () => {
    expect(
      compareBilledToReported(
        [line('a', '1.5'), line('b', '2'), line('c', '1')],
        [line('a', '1.5'), line('b', '1.2'), line('b', '0.3'), line('d', '0.5')],
      ),
    ).toEqual([
      { key: 'b', description: 'b', unit: 't', billed: '2', reported: '1.5', difference: '0.5' },
      { key: 'c', description: 'c', unit: 't', billed: '1', reported: null, difference: '1' },
      { key: 'd', description: 'd', unit: 't', billed: null, reported: '0.5', difference: '-0.5' },
    ]);
  });
  it('answers nothing when every quantity matches, without float drift', () => {
    expect(compareBilledToReported([line('a', '0.3')], [line('a', '0.1'), line('a', '0.2')])).toEqual([]);
  });
});
