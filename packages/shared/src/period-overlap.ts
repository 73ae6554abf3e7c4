/**
 * Validity periods of unit prices: ISO dates (YYYY-MM-DD), both ends inclusive; a missing `validTo`
 * means "until further notice". ISO dates compare correctly as strings.
 */
export interface DatePeriod {
  validFrom: string;
  validTo?: string | null;
}

const OPEN_END = '9999-12-31';

/** A period ends on or after the day it starts. */
export function isValidPeriod(period: DatePeriod): boolean {
  return !period.validTo || period.validFrom <= period.validTo;
}

/** Two periods share at least one day. */
export function periodsOverlap(a: DatePeriod, b: DatePeriod): boolean {
  return a.validFrom <= (b.validTo || OPEN_END) && b.validFrom <= (a.validTo || OPEN_END);
}

/** The period covers the given day. */
export function isPeriodActive(period: DatePeriod, date: string): boolean {
  return period.validFrom <= date && date <= (period.validTo || OPEN_END);
}

/**
 * The first pair of overlapping periods among items of the same key (e.g. the same waste), as
 * indexes `[earlier, later]` in the list, or null when none overlap.
 */
export function findPeriodOverlap<T extends DatePeriod>(
  items: readonly T[],
  keyOf: (item: T) => string | number | null | undefined,
): [number, number] | null {
  for (let j = 1; j < items.length; j++) {
    for (let i = 0; i < j; i++) {
      const a = items[i] as T;
      const b = items[j] as T;
      if ((keyOf(a) ?? null) === (keyOf(b) ?? null) && periodsOverlap(a, b)) return [i, j];
    }
  }
  return null;
}
