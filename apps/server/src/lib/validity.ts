import { and, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A price period in effect on `day` (a Japan date): started, and without an end or not yet ended (ends inclusive). */
export const inEffectOn = (validFrom: PgColumn, validTo: PgColumn, day: string): SQL =>
  and(lte(validFrom, day), or(isNull(validTo), gte(validTo, day)))!;
