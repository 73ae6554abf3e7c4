import { type DatePeriod, isValidPeriod, periodsOverlap } from '@junkan/shared/rules/price-period';
import dayjs, { type Dayjs } from 'dayjs';

/** A price period as a form holds it: two date pickers' values (empty end: until further notice). */
export interface PeriodDates {
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
}

/** A picker's day as YYYY-MM-DD, or null when empty. */
export const toIsoDate = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** The form's period as the request sends it (an empty start stays '' for the field's own check). */
export const periodOf = (dates: PeriodDates | undefined): DatePeriod & { validTo: string | null } => ({
  validFrom: toIsoDate(dates?.validFrom) ?? '',
  validTo: toIsoDate(dates?.validTo),
});

/** A stored period as the pickers' values. */
export const periodDates = (period: DatePeriod): PeriodDates => ({
  validFrom: dayjs(period.validFrom),
  validTo: period.validTo ? dayjs(period.validTo) : null,
});

/** An end date before the start (an empty end means until further notice): invalid_period. */
export const endsBeforeStart = (dates: PeriodDates | undefined) =>
  !!dates?.validFrom && !!dates.validTo && !isValidPeriod(periodOf(dates));

/**
 * Row `index` of a list of prices edited together has a valid period that overlaps another valid row of the
 * same key (`keyOf`: the waste...): period_overlap, the shared rule.
 */
export function overlapsAnotherPeriod<Row extends PeriodDates>(
  rows: readonly (Row | undefined)[],
  index: number,
  keyOf: (row: Row) => unknown,
): boolean {
  const own = rows[index];
  if (!own?.validFrom || !isValidPeriod(periodOf(own))) return false;
  return rows.some(
    (row, j) =>
      j !== index &&
      !!row &&
      keyOf(row) === keyOf(own) &&
      !!row.validFrom &&
      isValidPeriod(periodOf(row)) &&
      periodsOverlap(periodOf(row), periodOf(own)),
  );
}
