/** The constraint named by a PostgreSQL error of `sqlState`, looking through driver wrappers; else null. */
function violation(err: unknown, sqlState: string): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === sqlState) return constraint ?? '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The constraint name of a unique violation (23505); else null. */
export const uniqueViolation = (err: unknown) => violation(err, '23505');

/** The constraint name of a foreign-key violation (23503: a row still referenced, or a missing parent); else null. */
export const foreignKeyViolation = (err: unknown) => violation(err, '23503');
