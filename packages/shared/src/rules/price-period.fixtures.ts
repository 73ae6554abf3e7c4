/** A disposal unit price row (one company's price of a waste per unit, for a period), for the period rules' tests. */
export const disposalPriceRow = (
  over: Partial<{
    id: number;
    wasteId: number;
    unitMeasureId: number;
    validFrom: string;
    validTo: string | null;
  }> = {},
) => ({
  id: 1,
  wasteId: 10,
  unitMeasureId: 2,
  validFrom: '2026-04-01',
  validTo: '2027-03-31' as string | null,
  ...over,
});
