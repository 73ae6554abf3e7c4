import { type DatePeriod, isPeriodActive } from './price-period';

/**
 * What identifies one disposal unit price series: a company's price of a waste per unit. Another unit of the
 * same waste (円/kg beside 円/m³) may have its own prices in the same period; within a series periods never
 * overlap (period_overlap, the shared rule of price-period.ts).
 */
export interface DisposalPriceKey extends DatePeriod {
  wasteId: number;
  unitMeasureId: number;
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
      (p) => p.wasteId === wasteId && p.unitMeasureId === unitMeasureId && isPeriodActive(p, date),
    ) ?? null
  );
}
