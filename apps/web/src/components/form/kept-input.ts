/**
 * Unsaved form input kept in sessionStorage, so a reload loses nothing; dropped once saved. Storage that is
 * off, full or holding broken JSON never breaks the form: the input then stays on the page only.
 */
export type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's sessionStorage, or null where touching it throws (blocked, private mode, no window). */
function sessionStore(): KeptStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readKeptInput<T>(key: string, storage: KeptStorage | null = sessionStore()): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function keepInput(key: string, values: unknown, storage: KeptStorage | null = sessionStore()): void {
  try {
    storage?.setItem(key, JSON.stringify(values));
  } catch {
    // Full or disabled: nothing is kept.
  }
}

export function dropKeptInput(key: string, storage: KeptStorage | null = sessionStore()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing could have been kept either.
  }
}
