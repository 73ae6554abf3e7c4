import type { MessageCode } from '@junkan/shared/messages';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { AppError } from './app-error';
import { foreignKeyViolation } from './db-errors';

/** A table whose rows refer to a master row and keep it from being deleted. */
export interface Usage {
  /** Sent as `params.usedBy` of the refusal. */
  usedBy: string;
  table: PgTable;
  column: PgColumn;
  /** Prefix of the foreign key's name, to tell which usage refused a delete that raced a new reference. */
  constraint: string;
}

/**
 * 409 in_use_cannot_delete (or the item's own code, e.g. vehicle_in_use, a 409 too), naming what refers to the
 * row in `params.usedBy`.
 */
const inUse = (usedBy: string, code: MessageCode = 'in_use_cannot_delete') =>
  new AppError(code, 'In use', undefined, { usedBy });

/** Throws `inUse` for the first of `usages` (in their order) with a row that refers to `id`. */
export async function refuseWhileUsed(
  tx: DbOrTx,
  usages: readonly Usage[],
  id: number,
  code?: MessageCode,
): Promise<void> {
  for (const usage of usages) {
    const [used] = await tx.select({ one: sql`1` }).from(usage.table).where(eq(usage.column, id)).limit(1);
    if (used) throw inUse(usage.usedBy, code);
  }
}

/**
 * A delete that raced a new reference: the foreign key refused it. Throws `inUse` naming the usage whose
 * constraint it was (else `fallback`); any other error is thrown as it is.
 */
export function rethrowAsInUse(
  err: unknown,
  usages: readonly Usage[],
  fallback: string,
  code?: MessageCode,
): never {
  const constraint = foreignKeyViolation(err);
  if (constraint === null) throw err;
  throw inUse(usages.find((u) => constraint.startsWith(u.constraint))?.usedBy ?? fallback, code);
}
