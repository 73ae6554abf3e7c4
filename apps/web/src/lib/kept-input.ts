/**
 * Unsaved form input kept in sessionStorage, so a reload loses nothing; dropped once saved. A value that
 * cannot be read back (storage off, broken JSON) counts as none.
 */
export function readKeptInput<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function keepInput(key: string, values: unknown): void {
  sessionStorage.setItem(key, JSON.stringify(values));
}

export function dropKeptInput(key: string): void {
  sessionStorage.removeItem(key);
}
