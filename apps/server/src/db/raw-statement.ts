import type { PGlite } from '@electric-sql/pglite';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';

/**
 * An instant as the API writes it (`Date#toISOString`: UTC, milliseconds, `Z`), made by the database, so that a
 * row read by position needs no Date parsed and written back. Fractions below a millisecond are cut, as a Date
 * cuts them.
 */
export const isoInstant = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A statement the hottest reads run through the driver itself, skipping the ORM's row mapping (which the bench's
 * profiles showed as the largest cost of a list after the socket writes): a named statement on PostgreSQL,
 * parsed and planned once per connection; PGlite takes the text. `name` is unique to the text.
 */
export interface RawStatement {
  name: string;
  text: string;
}

type Client = pg.Pool | PGlite;

/**
 * The database's driver, after writing the statement to the database's query logger (`openDatabase`'s `logger`),
 * as every statement Drizzle runs is: a log of the SQL sees these too.
 */
function clientFor(db: Database, statement: RawStatement, values: unknown[]): Client {
  const handle = db as unknown as {
    $client: Client;
    session?: { logger?: { logQuery(query: string, params: unknown[]): void } };
  };
  handle.session?.logger?.logQuery(statement.text, values);
  return handle.$client;
}

/** The statement's rows as objects keyed by the columns' names (or aliases). */
export async function queryRows<T>(db: Database, statement: RawStatement, values: unknown[]): Promise<T[]> {
  const client = clientFor(db, statement, values);
  return client instanceof pg.Pool
    ? (await client.query({ name: statement.name, text: statement.text, values })).rows
    : (await client.query<T>(statement.text, values)).rows;
}

/** The statement's rows as arrays, in the select's column order. */
export async function queryArrays(
  db: Database,
  statement: RawStatement,
  values: unknown[],
): Promise<unknown[][]> {
  const client = clientFor(db, statement, values);
  return client instanceof pg.Pool
    ? (
        await client.query<unknown[]>({
          name: statement.name,
          text: statement.text,
          values,
          rowMode: 'array',
        })
      ).rows
    : (await client.query<unknown[]>(statement.text, values, { rowMode: 'array' })).rows;
}
