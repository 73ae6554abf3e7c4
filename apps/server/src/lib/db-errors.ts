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

/** The SQL state of an error of the database driver, looking through wrappers; else null. */
function sqlStateOf(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The SQL state when the database refused a value itself (class 22 data exceptions: a number out of range,
 * an impossible date, NUL or bad encoding, text too long; 54000 a value too large to index): input the
 * schemas let through, so the caller's fault, not the server's. Else null.
 */
export function dataExceptionState(err: unknown): string | null {
  const state = sqlStateOf(err);
  return state && (state.startsWith('22') || state === '54000') ? state : null;
}

/**
 * The last day a record is kept when the database refused its delete for the retention period (SQL state
 * RT501 from the triggers of `drizzle/custom/retention.sql`, the day in the error's detail); else null.
 */
export function retentionRefusalUntil(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === 'RT501') return typeof detail === 'string' ? detail : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
