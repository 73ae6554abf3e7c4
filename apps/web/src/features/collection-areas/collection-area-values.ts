import type {
  CollectionArea,
  CollectionAreaRequest,
  CollectionAreaType,
} from '@junkan/shared/api/collection-areas';
import {
  overlapsAnotherPeriod,
  type PeriodDates,
  periodDates,
  periodOf,
} from '../../components/price-master/period-values';

/** The waste select's value for a price that applies to any waste (sent as no wasteId). */
export const ANY_WASTE = 0;

export interface PriceRow extends PeriodDates {
  id?: number | null;
  wasteId: number;
  unitMeasureId?: number | null;
  unitPrice?: number | null;
}

export interface AreaFormValues {
  areaName: string;
  licenseNumber: string;
  administrativeDistrict: string;
  posCodes: string[];
  prices: PriceRow[];
}

/** A new price row: any waste, no unit, price or period yet. */
export const emptyPriceRow = (): PriceRow => ({
  wasteId: ANY_WASTE,
  unitMeasureId: null,
  unitPrice: null,
  validFrom: null,
  validTo: null,
});

/** The form's values for an area being edited, or an empty form with one postal code row. */
export const toFormValues = (area: CollectionArea | null): AreaFormValues =>
  area
    ? {
        areaName: area.areaName,
        licenseNumber: area.licenseNumber,
        administrativeDistrict: area.administrativeDistrict,
        posCodes: area.posCodes.length ? area.posCodes : [''],
        prices: area.prices.map((p) => ({
          id: p.id,
          wasteId: p.wasteId ?? ANY_WASTE,
          unitMeasureId: p.unitMeasureId,
          unitPrice: p.unitPrice,
          ...periodDates(p),
        })),
      }
    : { areaName: '', licenseNumber: '', administrativeDistrict: '', posCodes: [''], prices: [] };

/** The request body: trimmed texts, any waste sent as no wasteId, periods as YYYY-MM-DD. */
export function toRequest(values: AreaFormValues, type: CollectionAreaType): CollectionAreaRequest {
  return {
    areaName: values.areaName.trim(),
    type,
    posCodes: values.posCodes,
    licenseNumber: (values.licenseNumber ?? '').trim(),
    administrativeDistrict: (values.administrativeDistrict ?? '').trim(),
    prices: (values.prices ?? []).map((row) => ({
      id: row.id ?? null,
      wasteId: row.wasteId === ANY_WASTE ? null : row.wasteId,
      unitMeasureId: row.unitMeasureId ?? null,
      unitPrice: row.unitPrice as number,
      ...periodOf(row),
    })),
  };
}

/** A postal code already typed in an earlier row. */
export const isRepeatedPosCode = (all: readonly string[], value: string, index: number) =>
  all.indexOf(value) < index;

/** Row `index` has a valid period that overlaps another valid row of the same waste (shared rule). */
export const overlapsAnotherRow = (rows: readonly (PriceRow | undefined)[], index: number) =>
  overlapsAnotherPeriod(rows, index, (row) => row.wasteId ?? ANY_WASTE);
