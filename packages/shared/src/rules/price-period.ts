/**
 * The period rule of every price master (handling-waste prices, disposal unit prices, collection-area prices):
 * a price holds from `validFrom` to `validTo`, ISO dates (YYYY-MM-DD), both ends inclusive; a missing
 * `validTo` means "until further notice". ISO dates compare correctly as strings. Two prices of the same key
 * (the waste, the waste and unit...) may not share a day: period_overlap; an end before the start:
 * invalid_period.
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

/** Where a period stands on a day: not begun yet, in effect, or ended. */
export const PERIOD_STATUSES = ['FUTURE', 'CURRENT', 'PAST'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

/** The period's status on `date` (a Japan date): FUTURE before its first day, PAST after its last. */
export function periodStatusOn(period: DatePeriod, date: string): PeriodStatus {
  if (period.validFrom > date) return 'FUTURE';
  if (period.validTo && period.validTo < date) return 'PAST';
  return 'CURRENT';
}

/** What makes two prices one series (the waste; the waste and unit...): null is a key of its own. */
type KeyOf<T> = (item: T) => string | number | null | undefined;

const sameKey = <T>(keyOf: KeyOf<T> | undefined, a: T, b: T) =>
  !keyOf || (keyOf(a) ?? null) === (keyOf(b) ?? null);

/**
 * The first of `others` of the candidate's key (all of them without `keyOf`, e.g. rows already read for that
 * key) whose period shares a day with the candidate's, or null: the candidate is refused with period_overlap.
 */
export function findOverlappingPeriod<T extends DatePeriod, C extends DatePeriod = T>(
  candidate: C,
  others: readonly T[],
  keyOf?: KeyOf<C | T>,
): T | null {
  return others.find((o) => sameKey<C | T>(keyOf, o, candidate) && periodsOverlap(o, candidate)) ?? null;
}

/**
 * The first pair of overlapping periods among items of the same key (e.g. the same waste), as
 * indexes `[earlier, later]` in the list, or null when none overlap.
 */
export function findPeriodOverlap<T extends DatePeriod>(
  items: readonly T[],
  keyOf: KeyOf<T>,
): [number, number] | null {
  for (let j = 1; j < items.length; j++) {
    for (let i = 0; i < j; i++) {
      const a = items[i] as T;
      const b = items[j] as T;
      if (sameKey(keyOf, a, b) && periodsOverlap(a, b)) return [i, j];
    }
  }
  return null;
}
