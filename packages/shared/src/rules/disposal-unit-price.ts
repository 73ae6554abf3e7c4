import { type DatePeriod, periodsOverlap } from '../period-overlap';

/** What identifies one disposal unit price series: a company's price of a waste per unit. */
export interface DisposalPriceKey extends DatePeriod {
  wasteId: number;
  unitMeasureId: number;
}

/**
 * The first of a company's other disposal unit prices whose period shares a day with the candidate's for the
 * same waste and unit (null when none): such a price is refused with period_overlap, as for area prices.
 * Another unit of the same waste (円/kg beside 円/m³) may have its own prices in the same period.
 */
export function findDisposalPriceOverlap<T extends DisposalPriceKey>(
  candidate: DisposalPriceKey,
  others: readonly T[],
): T | null {
  return (
    others.find(
      (o) =>
        o.wasteId === candidate.wasteId &&
        o.unitMeasureId === candidate.unitMeasureId &&
        periodsOverlap(o, candidate),
    ) ?? null
  );
}

/** The price of the waste and unit valid on a day among a company's prices, or null. */
export function disposalPriceOn<T extends DisposalPriceKey>(
  prices: readonly T[],
  wasteId: number,
  unitMeasureId: number,
  date: string,
): T | null {
  return (
    prices.find(
      (p) =>
        p.wasteId === wasteId &&
        p.unitMeasureId === unitMeasureId &&
        p.validFrom <= date &&
        (!p.validTo || date <= p.validTo),
    ) ?? null
  );
}
