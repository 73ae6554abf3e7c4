import type { ContractForm } from '../contract-rules';
import type { ProjectType } from '../enums';
import { parseParentPath } from '../waste-tree';
import { type DisposalPriceKey, disposalPriceOn } from './disposal-unit-price';
import type { PermitKind } from './permit-rules';

/**
 * Transport and disposal together (運搬・処分一括): an industrial waste line's unit price is the transporter's
 * transport unit price (its collection-area price) plus its disposal unit price (処分単価), both taken from
 * the company's price lists. A line whose part cannot be found is refused with unit_price_cannot_be_confirmed
 * (the spec's "disposal or transport unit price cannot be confirmed"), naming the line and the part.
 */
export const UNIT_PRICE_PARTS = ['transport', 'disposal'] as const;
export type UnitPricePart = (typeof UNIT_PRICE_PARTS)[number];

/** The field of each part on a quote or contract line. */
export const UNIT_PRICE_PART_FIELDS = {
  transport: 'transportUnitPrice',
  disposal: 'disposalUnitPrice',
} as const satisfies Record<UnitPricePart, string>;

/** A line is priced in two parts only for an industrial line of an industrial project quoted or contracted COMBINED. */
export function hasPriceParts(
  projectType: ProjectType,
  form: ContractForm | null | undefined,
  lineKind: 'INDUSTRIAL' | 'REGULAR',
): boolean {
  return projectType === 'INDUSTRIAL' && form === 'COMBINED' && lineKind === 'INDUSTRIAL';
}

export interface UnitPriceParts {
  transportUnitPrice?: number | null;
  disposalUnitPrice?: number | null;
}

export type CombinedUnitPrice =
  | { unitPrice: number; missing: [] }
  | { unitPrice: null; missing: UnitPricePart[] };

/** The line's unit price as the sum of its two parts, or the parts that are missing (transport first). */
export function combineUnitPrice(parts: UnitPriceParts): CombinedUnitPrice {
  const { transportUnitPrice: transport, disposalUnitPrice: disposal } = parts;
  const missing = UNIT_PRICE_PARTS.filter((p) => (p === 'transport' ? transport : disposal) == null);
  if (missing.length > 0 || transport == null || disposal == null) return { unitPrice: null, missing };
  return { unitPrice: transport + disposal, missing: [] };
}

/** A waste's own id, then its ancestors' ids nearest first (`/1/12/` under id 30 -> [30, 12, 1]). */
export function wasteLineage(waste: { id: number; parentPath: string }): number[] {
  return [waste.id, ...(parseParentPath(waste.parentPath) ?? []).reverse()];
}

/** The major class (大分類) a waste belongs to: the first of its ancestors, or itself. */
export function majorClassOf(waste: { id: number; parentPath: string }): number {
  return wasteLineage(waste).at(-1) ?? waste.id;
}

/**
 * The disposal price of a waste on a day: the waste's own price in that unit, else the price of its nearest
 * ancestor (a price for 廃プラスチック類 covers its sub-classes). `lineage` is from wasteLineage.
 */
export function disposalPriceForWaste<T extends DisposalPriceKey>(
  prices: readonly T[],
  lineage: readonly number[],
  unitMeasureId: number,
  date: string,
): T | null {
  for (const wasteId of lineage) {
    const price = disposalPriceOn(prices, wasteId, unitMeasureId, date);
    if (price) return price;
  }
  return null;
}

export interface DisposalPermitDates {
  kind: PermitKind;
  wasteKindIds: readonly number[];
  issueDate: string;
  expiryDate: string;
  retired: boolean;
}

/**
 * A company may price the disposal of a waste kind on a day only while it holds a live disposal permit (処分業)
 * covering that major class, issued on or before the day and not expired. A price is checked on its first day:
 * an open-ended price would otherwise outlast every permit, and a lapsed permit stops the price being used
 * (quotes and contracts check the permit again on their own day).
 */
export function holdsDisposalPermit(
  permits: readonly DisposalPermitDates[],
  wasteKindId: number,
  date: string,
): boolean {
  return permits.some(
    (p) =>
      p.kind === 'DISPOSAL' &&
      !p.retired &&
      p.wasteKindIds.includes(wasteKindId) &&
      p.issueDate <= date &&
      date <= p.expiryDate,
  );
}
