/** Ruling 10: consumption tax 10 %, the tax-included total rounded down to whole yen. */
export const QUOTE_TAX_RATE_PERCENT = 10;
/** Whole yen a quote line's unit price may take. */
export const QUOTE_UNIT_PRICE_MAX = 99_999_999;
/** Amounts are stored as 32-bit integers (whole yen). */
export const QUOTE_AMOUNT_MAX = 2_147_483_647;

/** A line's amount: unit price times quantity (2 decimals at most), rounded half up to whole yen. */
export function quoteLineAmount(unitPrice: number, quantity: number): number {
  // Integer arithmetic on hundredths so 0.1-style quantities do not drift.
  const hundredths = BigInt(Math.round(quantity * 100));
  const product = BigInt(Math.round(unitPrice)) * hundredths;
  return Number((product + 50n) / 100n);
}

export interface QuoteTotals {
  amounts: number[];
  /** Tax excluded. */
  totalAmount: number;
  totalWithTax: number;
}

export function quoteTotals(lines: readonly { unitPrice: number; quantity: number }[]): QuoteTotals {
  const amounts = lines.map((l) => quoteLineAmount(l.unitPrice, l.quantity));
  const totalAmount = amounts.reduce((a, b) => a + b, 0);
  return { amounts, totalAmount, totalWithTax: taxIncluded(totalAmount) };
}

export function taxIncluded(amount: number): number {
  return Number((BigInt(amount) * BigInt(100 + QUOTE_TAX_RATE_PERCENT)) / 100n);
}
