import { BAG_SIZES } from './enums';
import type { MessageCode } from './messages';

/**
 * How a quote line is priced: by its quantity in a unit of measure (kg, t, m³), per bag of one size, or per
 * collection. Bags and collections price regular garbage requested in bags, so no kg figure has to be invented.
 */
export const QUOTE_PRICING_BASES = ['QUANTITY', 'BAG', 'COLLECTION'] as const;
export type QuotePricingBasis = (typeof QUOTE_PRICING_BASES)[number];

export type BagSize = (typeof BAG_SIZES)[number];
export const isBagSize = (v: unknown): v is BagSize => (BAG_SIZES as readonly unknown[]).includes(v);

/** Regular garbage is weighed in kg (section 9) when its line names no unit. */
export const REGULAR_QUANTITY_UNIT = 'kg';

/** A waste line of the request as the pricing rule needs it. */
export interface PricedWasteLine {
  kind: 'INDUSTRIAL' | 'REGULAR';
  /** Bag counts by size in litres (regular lines). */
  bags?: Record<string, number> | null;
}

/** The bag sizes a regular line asks for (a count above 0), smallest first. */
export function requestedBagSizes(line: PricedWasteLine): BagSize[] {
  if (line.kind !== 'REGULAR' || !line.bags) return [];
  return BAG_SIZES.filter((size) => (line.bags?.[String(size)] ?? 0) > 0);
}

/**
 * Why a line's pricing basis does not fit the request's line, or null: bags and collections price regular
 * lines only, and a bag price names one of the sizes the line asks for.
 */
export function quoteLinePricingIssue(
  line: { pricingBasis?: QuotePricingBasis | null; bagSize?: number | null },
  wasteLine: PricedWasteLine,
): { field: 'pricingBasis' | 'bagSize'; code: MessageCode } | null {
  const basis = line.pricingBasis ?? 'QUANTITY';
  if (basis !== 'QUANTITY' && wasteLine.kind !== 'REGULAR')
    return { field: 'pricingBasis', code: 'pricing_basis_not_allowed' };
  if (basis === 'BAG' && !requestedBagSizes(wasteLine).some((size) => size === line.bagSize))
    return { field: 'bagSize', code: 'bag_size_not_requested' };
  return null;
}

/**
 * The basis a line starts with: a regular line asked for in bags only (no monthly kg) per bag of its first size,
 * anything else by quantity.
 */
export function defaultPricing(line: PricedWasteLine & { monthlyCapacity?: number | null }): {
  pricingBasis: QuotePricingBasis;
  bagSize: BagSize | null;
} {
  const sizes = requestedBagSizes(line);
  if (line.kind === 'REGULAR' && !(line.monthlyCapacity && line.monthlyCapacity > 0) && sizes.length)
    return { pricingBasis: 'BAG', bagSize: sizes[0]! };
  return { pricingBasis: 'QUANTITY', bagSize: null };
}

/** A month's average of weekly collections (52 weeks / 12 months). */
export const WEEKS_PER_MONTH = 52 / 12;

/**
 * The monthly quantity a bag or collection price starts from: bags of the size per collection, or collections,
 * times the weekly collections times a month's average weeks, to 2 decimals. Null by quantity (the request's
 * own figure applies) or when the line states no weekly collections.
 */
export function suggestedMonthlyQuantity(
  basis: QuotePricingBasis,
  bagSize: number | null,
  line: { bags?: Record<string, number> | null; collectionCount?: number | null },
): number | null {
  if (basis === 'QUANTITY' || !line.collectionCount) return null;
  const perCollection = basis === 'BAG' ? (line.bags?.[String(bagSize)] ?? 0) : 1;
  if (perCollection <= 0) return null;
  return Math.round(perCollection * line.collectionCount * WEEKS_PER_MONTH * 100) / 100;
}

/** What one unit of a price is: a unit of measure (as the master writes it), a bag of a size, a collection. */
export type PriceUnit =
  | { basis: 'QUANTITY'; unit: string | null }
  | { basis: 'BAG'; bagSize: number }
  | { basis: 'COLLECTION' };

/** A quote line's price unit from its stored basis, bag size and unit of measure. */
export function priceUnitOf(line: {
  kind: 'INDUSTRIAL' | 'REGULAR';
  pricingBasis?: QuotePricingBasis | null;
  bagSize?: number | null;
  unit?: string | null;
}): PriceUnit {
  if (line.pricingBasis === 'BAG' && line.bagSize != null) return { basis: 'BAG', bagSize: line.bagSize };
  if (line.pricingBasis === 'COLLECTION') return { basis: 'COLLECTION' };
  return {
    basis: 'QUANTITY',
    unit: line.unit || (line.kind === 'REGULAR' ? REGULAR_QUANTITY_UNIT : null),
  };
}

/**
 * The price unit as contracts and invoices carry it: the master's unit of measure as stored (kg, t, m3), else
 * 袋(45L) or 回. Invoices bill a line only when the reported unit is this one, so a bag or collection price is
 * never multiplied by reported kilograms.
 */
export function priceUnitText(unit: PriceUnit): string | null {
  if (unit.basis === 'BAG') return `袋(${unit.bagSize}L)`;
  if (unit.basis === 'COLLECTION') return '回';
  return unit.unit || null;
}

/**
 * Whether a quote can no longer be accepted: its valid-until date (a Japan business date, the last day it
 * holds) lies before `today` (Japan). A quote without one does not expire.
 */
export function isQuoteExpired(validUntil: string | null | undefined, today: string): boolean {
  return !!validUntil && validUntil < today;
}
