/**
 * The column helpers and constants every domain file of the schema shares. (Entry point: db/schema.ts, which
 * re-exports `BUSINESS_NOW` only: the helpers are not tables.)
 */
import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * The business clock's "now" in SQL: the database's `now()` moved by the offset of the configured start kept in
 * `business_clock` while a process runs on it (`JUNKAN_CLOCK`), else `now()` itself. Defined by migration 0032;
 * lib/clock.ts keeps the row that drives it.
 */
export const BUSINESS_NOW = sql`business_now()`;

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * When a business record was made or last changed, by default: the business clock (`business_now()`, the
 * database's side of lib/clock.ts), so a record written while `JUNKAN_CLOCK` runs is dated as `app.now()` is.
 */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().default(BUSINESS_NOW);
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().default(BUSINESS_NOW);
/**
 * When an operational row was made (a queue entry, a sign-in, a mailed link, a stored object): the machine's clock,
 * which the leases, lifetimes and sweeps over these rows compare with (the database's `now()`).
 */
export const machineCreatedAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const machineUpdatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
