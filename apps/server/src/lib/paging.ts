import type { Page, PageQuery, SortOrder } from '@junkan/shared';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/**
 * Server side of the list convention (`pageQuery`, `sortQuerySchema`, `pageOf` in the shared package): a list
 * selects its rows with `total: totalOver()`, hands the select to `pageOfSelect` with its sort columns, and gets
 * the page with the total in one round trip.
 */

/** The number of rows the WHERE keeps, counted in the same query as the page (a window over all of them). */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/** What each sort key of a list orders by. */
export type SortColumns<K extends string> = Record<K, AnyColumn | SQL>;

export interface ListQuery<K extends string> extends PageQuery {
  sort: K;
  order: SortOrder;
}

/** ORDER BY the key in the order asked, then the unique column the same way, so pages never overlap or skip. */
export function orderOf<K extends string>(
  columns: SortColumns<K>,
  sort: K,
  order: SortOrder,
  unique: AnyColumn,
) {
  const by = order === 'asc' ? asc : desc;
  const key = columns[sort];
  return key === unique ? [by(unique)] : [by(key), by(unique)];
}

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.size;

/**
 * Runs `select` (a `$dynamic()` select whose rows carry `total: totalOver()`) for the page the query asks for,
 * sorted by its key. A page past the end has no row to carry the total: only then is `countAll` asked.
 */
export async function pageOfSelect<K extends string, Q extends PgSelect, T>(
  select: Q,
  query: ListQuery<K>,
  sort: { columns: SortColumns<K>; unique: AnyColumn },
  toItem: (row: Awaited<Q>[number]) => T,
  countAll: () => Promise<number>,
): Promise<Page<T>> {
  const rows = (await select
    .orderBy(...orderOf(sort.columns, query.sort, query.order, sort.unique))
    .limit(query.size)
    .offset(offsetOf(query))) as Awaited<Q>;
  const first = rows[0] as { total?: number } | undefined;
  const total = first?.total ?? (query.page > 1 ? await countAll() : 0);
  return { items: rows.map(toItem), total, page: query.page, size: query.size };
}
