/**
 * Qualified invoices (適格請求書, the invoice system since October 2023): the issuer's registration number, the
 * amounts and consumption tax per rate, and the check of billed against reported quantities. Pure rules: the
 * server computes the document with them and the screens show the same figures.
 */

// ---- registration number (登録番号) ----

/** 'T' and the 13-digit corporate number (法人番号) whose first digit is its check digit. */
export const INVOICE_REGISTRATION_NUMBER_PATTERN = /^T\d{13}$/;

/** Full-width letters and digits (as pasted from documents) to half-width; spaces and hyphens dropped. */
export function normalizeInvoiceRegistrationNumber(input: string): string {
  return input
    .normalize('NFKC')
    .replace(/[\s\-‐‑–—−ー]/g, '')
    .toUpperCase();
}

/**
 * The check digit of a corporate number's 12 base digits (国税庁, 法人番号の指定等に関する省令 第2条):
 * 9 - (Σ Pn × Qn mod 9), Pn the n-th digit counted from the right, Qn 1 for odd n and 2 for even n.
 */
export function corporateNumberCheckDigit(base12: string): number {
  if (!/^\d{12}$/.test(base12)) throw new Error('twelve digits expected');
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const digit = Number(base12[12 - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

export type InvoiceRegistrationNumberResult =
  | { ok: true; value: string }
  | { ok: false; reason: 'format' | 'check_digit' };

/**
 * Checks a registration number as a user typed or pasted it ('t', full-width 'Ｔ１２３…', hyphens and spaces
 * are accepted): answers the normalised 'T' + 13 digits, or why it is not one.
 */
export function validateInvoiceRegistrationNumber(input: string): InvoiceRegistrationNumberResult {
  const value = normalizeInvoiceRegistrationNumber(input);
  if (!INVOICE_REGISTRATION_NUMBER_PATTERN.test(value)) return { ok: false, reason: 'format' };
  const check = Number(value[1]);
  if (corporateNumberCheckDigit(value.slice(2)) !== check) return { ok: false, reason: 'check_digit' };
  return { ok: true, value };
}

// ---- decimal quantities ----

const SCALE = 1000n;
const QUANTITY_PATTERN = /^\d{1,9}(\.\d{1,3})?$/;

/** Whether a quantity is a non-negative decimal with at most 9 integer digits and 3 decimals. */
export function isBillableQuantity(value: string | number): boolean {
  return QUANTITY_PATTERN.test(quantityText(value));
}

function quantityText(value: string | number): string {
  return typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value.trim();
}

/** '1.005' -> 1005n (thousandths). Throws on anything `isBillableQuantity` refuses. */
export function toThousandths(value: string | number): bigint {
  const text = quantityText(value);
  if (!QUANTITY_PATTERN.test(text)) throw new RangeError(`not a quantity: ${text}`);
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * SCALE + BigInt(fraction.padEnd(3, '0'));
}

/** 1005n -> '1.005', 1500n -> '1.5', 2000n -> '2'. */
export function fromThousandths(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(3, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Sums decimal quantities exactly. */
export function sumQuantities(values: readonly (string | number)[]): string {
  return fromThousandths(values.reduce<bigint>((s, v) => s + toThousandths(v), 0n));
}

// ---- amounts and tax per rate ----

/** Consumption tax rates a line may carry: 10 % standard (ruling 10), 8 % reduced. */
export const INVOICE_TAX_RATES = [10, 8] as const;
export type InvoiceTaxRate = (typeof INVOICE_TAX_RATES)[number];
export const DEFAULT_INVOICE_TAX_RATE: InvoiceTaxRate = 10;
/** Whole yen a unit price may take (tax excluded). */
export const INVOICE_UNIT_PRICE_MAX = 99_999_999;

export interface QualifiedInvoiceLineInput {
  description: string;
  /** Transaction date or period (YYYY-MM-DD), Japan dates. */
  dateFrom: string;
  dateTo?: string;
  /** Decimal, at most 3 decimals ('1.005' or 1.005). */
  quantity: string | number;
  /** t, kg, m3, 件… */
  unit: string;
  /** Whole yen, tax excluded. */
  unitPrice: number;
  taxRate?: InvoiceTaxRate;
}

export interface QualifiedInvoiceLine extends QualifiedInvoiceLineInput {
  quantity: string;
  taxRate: InvoiceTaxRate;
  /** quantity × unitPrice, rounded half up to whole yen, tax excluded. */
  amount: number;
}

export interface QualifiedInvoiceRateTotal {
  taxRate: InvoiceTaxRate;
  /** Tax-excluded sum of the rate's lines. */
  subtotal: number;
  /** subtotal × rate, rounded down once for the whole invoice. */
  tax: number;
}

export interface QualifiedInvoiceTotals {
  lines: QualifiedInvoiceLine[];
  /** One entry per rate present, 10 % first. */
  rates: QualifiedInvoiceRateTotal[];
  subtotal: number;
  tax: number;
  /** 合計 (税込). */
  total: number;
}

/**
 * A line's amount: quantity × unit price rounded half up (四捨五入) to whole yen, the way the quotes round their
 * lines (`quoteLineAmount`). Exact: thousandths times yen in integers.
 */
export function invoiceLineAmount(quantity: string | number, unitPrice: number): number {
  if (!Number.isInteger(unitPrice) || unitPrice < 0 || unitPrice > INVOICE_UNIT_PRICE_MAX)
    throw new RangeError(`not a unit price: ${unitPrice}`);
  const product = toThousandths(quantity) * BigInt(unitPrice);
  return Number((product + SCALE / 2n) / SCALE);
}

/**
 * The qualified invoice's figures: each line's amount, then per tax rate the sum of the line amounts and its tax,
 * rounded down (切り捨て) ONCE per rate and invoice, as the invoice system requires (never a sum of per-line
 * taxes); the total is the subtotals plus the taxes.
 */
export function computeQualifiedInvoice(lines: readonly QualifiedInvoiceLineInput[]): QualifiedInvoiceTotals {
  const computed: QualifiedInvoiceLine[] = lines.map((l) => {
    const taxRate = l.taxRate ?? DEFAULT_INVOICE_TAX_RATE;
    if (!INVOICE_TAX_RATES.includes(taxRate)) throw new RangeError(`not a tax rate: ${taxRate}`);
    return {
      ...l,
      quantity: fromThousandths(toThousandths(l.quantity)),
      taxRate,
      amount: invoiceLineAmount(l.quantity, l.unitPrice),
    };
  });
  const rates: QualifiedInvoiceRateTotal[] = [];
  for (const taxRate of INVOICE_TAX_RATES) {
    const ofRate = computed.filter((l) => l.taxRate === taxRate);
    if (!ofRate.length) continue;
    const subtotal = ofRate.reduce((s, l) => s + l.amount, 0);
    rates.push({ taxRate, subtotal, tax: Number((BigInt(subtotal) * BigInt(taxRate)) / 100n) });
  }
  const subtotal = rates.reduce((s, r) => s + r.subtotal, 0);
  const tax = rates.reduce((s, r) => s + r.tax, 0);
  return { lines: computed, rates, subtotal, tax, total: subtotal + tax };
}

// ---- billed against reported ----

export interface QuantityByLine {
  /** Identifies a waste line and unit (the same key on both sides). */
  key: string;
  description: string;
  unit: string;
  quantity: string | number;
}

export interface QuantityDifference {
  key: string;
  description: string;
  unit: string;
  /** null: reported but not billed. */
  billed: string | null;
  /** null: billed but not reported. */
  reported: string | null;
  /** billed - reported (missing side counted as 0). */
  difference: string;
}

/**
 * Per waste line and unit, where the billed quantity differs from the reported one (the completion and regular
 * reports): what the screen flags before the invoice is sent. Lines present on one side only are differences too.
 */
export function compareBilledToReported(
  billed: readonly QuantityByLine[],
  reported: readonly QuantityByLine[],
): QuantityDifference[] {
  const sum = (rows: readonly QuantityByLine[]) => {
    const map = new Map<string, { row: QuantityByLine; total: bigint }>();
    for (const row of rows) {
      const entry = map.get(row.key);
      if (entry) entry.total += toThousandths(row.quantity);
      else map.set(row.key, { row, total: toThousandths(row.quantity) });
    }
    return map;
  };
  const b = sum(billed);
  const r = sum(reported);
  const keys = [...new Set([...b.keys(), ...r.keys()])];
  const differences: QuantityDifference[] = [];
  for (const key of keys) {
    const bb = b.get(key);
    const rr = r.get(key);
    const billedTotal = bb?.total ?? 0n;
    const reportedTotal = rr?.total ?? 0n;
    if (bb && rr && billedTotal === reportedTotal) continue;
    const row = (bb ?? rr)!.row;
    differences.push({
      key,
      description: row.description,
      unit: row.unit,
      billed: bb ? fromThousandths(billedTotal) : null,
      reported: rr ? fromThousandths(reportedTotal) : null,
      difference: fromThousandths(billedTotal - reportedTotal),
    });
  }
  return differences;
}
