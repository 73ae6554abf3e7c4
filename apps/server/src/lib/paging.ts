import type { PageQuery, SortOrder } from '@junkan/shared/api/common';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/**
 * Server side of the list convention (`pageQuery`, `sortQuerySchema`, `pageOf` in the shared package): the ORDER
 * BY of a list's sort key and the offset of the page asked for.
 */

/** What each sort key of a list orders by. */
export type SortColumns<K extends string> = Record<K, AnyColumn | SQL>;

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
