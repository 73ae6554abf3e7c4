import type { PeriodPriceListQuery } from '@junkan/shared/api/period-prices';
import {
  type DatePeriod,
  findOverlappingPeriod,
  findPeriodOverlap,
  isValidPeriod,
} from '@junkan/shared/rules/price-period';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNull,
  lte,
  ne,
  or,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { wastes } from '../db/schema';
import { AppError, fieldError } from './app-error';
import { containsPattern } from './like-pattern';
import { offsetOf } from './paging';

/**
 * The server half of the price-master kit: the steps the services of price masters with validity periods
 * (handling-waste prices, disposal unit prices, collection-area prices) take alike. The rules themselves
 * (a valid period, an overlap, the status on a day) are the shared rules/price-period.ts; the codes are
 * invalid_period on the end's field and period_overlap on the start's.
 */

/** A price table with validity periods, keyed by waste: the columns the kit reads. */
export type PeriodPriceTable = PgTable & {
  id: PgColumn;
  wasteId: PgColumn;
  unitPrice: PgColumn;
  validFrom: PgColumn;
  validTo: PgColumn;
};

/** A price in effect on `day` (a Japan date), the shared CURRENT status as SQL: started and not yet ended. */
export const inEffectOn = (prices: PeriodPriceTable, day: string): SQL =>
  and(lte(prices.validFrom, day), or(isNull(prices.validTo), gte(prices.validTo, day)))!;

/** Refuses a period that ends before it starts: invalid_period on `field` (the end date's). */
export function refuseInvalidPeriod(period: DatePeriod, field = 'validTo'): void {
  if (!isValidPeriod(period)) throw fieldError(field, 'invalid_period');
}

/**
 * Refuses the periods sent at once in the list `field` (an area's prices): invalid_period on the first row
 * ending before it starts (`field.i.validTo`), then period_overlap on the start of both rows of the first
 * pair of one key sharing a day, with their 1-based rows as `params.row` (the later) and `params.otherRow`.
 */
export function refuseListPeriods<T extends DatePeriod>(
  rows: readonly T[],
  keyOf: (row: T) => string | number | null | undefined,
  field: string,
): void {
  rows.forEach((row, i) => {
    refuseInvalidPeriod(row, `${field}.${i}.validTo`);
  });
  const overlap = findPeriodOverlap(rows, keyOf);
  if (!overlap) return;
  const [i, j] = overlap;
  throw new AppError(
    'period_overlap',
    'period_overlap',
    { [`${field}.${i}.validFrom`]: 'period_overlap', [`${field}.${j}.validFrom`]: 'period_overlap' },
    { row: j + 1, otherRow: i + 1 },
  );
}

/**
 * Refuses a price whose period shares a day with a stored price of the same series (`series`: the rows of
 * the candidate's key, e.g. its waste, or its company, waste and unit), other than `excludeId` (the price
 * being edited): period_overlap on validFrom. Run it in the write's transaction after the row lock that
 * serializes writes to the series, so a concurrent write is checked after this one commits.
 */
export async function refuseStoredOverlap(
  tx: DbOrTx,
  prices: PeriodPriceTable,
  series: SQL | undefined,
  candidate: DatePeriod,
  excludeId = 0,
): Promise<void> {
  const others = (await tx
    .select({ validFrom: prices.validFrom, validTo: prices.validTo })
    .from(prices)
    .where(and(series, ne(prices.id, excludeId)))) as DatePeriod[];
  if (findOverlappingPeriod(candidate, others)) throw fieldError('validFrom', 'period_overlap');
}

/**
 * A paged price list's WHERE, ORDER BY and page: the caller's `scope` (its company's prices), the keyword on
 * the waste's name or code, only the prices in effect on `today`; sorted by the key asked, then by `series`
 * (the columns that tell one price series from another), then by period and id, so pages never overlap.
 */
export function periodPriceList(
  prices: PeriodPriceTable,
  query: PeriodPriceListQuery,
  today: string,
  { scope, series }: { scope?: SQL; series: AnyColumn[] },
) {
  const keyword = query.keyword ? containsPattern(query.keyword) : undefined;
  const where = and(
    scope,
    keyword ? or(ilike(wastes.name, keyword), ilike(wastes.wasteCode, keyword)) : undefined,
    query.currentOnly ? inEffectOn(prices, today) : undefined,
  );
  const direction = query.order === 'desc' ? desc : asc;
  const sortColumn = { wasteName: wastes.name, unitPrice: prices.unitPrice, validFrom: prices.validFrom }[
    query.sort
  ];
  return {
    where,
    orderBy: [direction(sortColumn), ...series.map((c) => asc(c)), asc(prices.validFrom), asc(prices.id)],
    limit: query.size,
    offset: offsetOf(query),
  };
}

/** How many prices a list's WHERE (from periodPriceList, which may name the waste) keeps. */
export async function countPeriodPrices(
  db: DbOrTx,
  prices: PeriodPriceTable,
  where: SQL | undefined,
): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(prices)
    .innerJoin(wastes, eq(wastes.id, prices.wasteId))
    .where(where);
  return total?.n ?? 0;
}
