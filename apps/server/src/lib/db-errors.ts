/** The constraint name of a unique violation (PostgreSQL 23505), looking through driver wrappers; else null. */
export function uniqueViolation(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The constraint name of a foreign-key violation (PostgreSQL 23503: a row still referenced, or a missing parent); else null. */
export function foreignKeyViolation(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23503') return constraint ?? '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
