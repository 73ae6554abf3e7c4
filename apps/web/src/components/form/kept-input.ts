/**
 * Unsaved form input kept in sessionStorage, so a reload loses nothing; dropped once saved. Storage that is
 * off, full or holding broken JSON never breaks the form: the input then stays on the page only. Each key names
 * the user who typed it (`keptInputKey`), and the end of a session wipes that user's keys (`wipeKeptInput`), so
 * no one signing in next in the tab reads what was left unsent.
 */
export type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
/** A storage whose keys can be listed, as a wipe needs. */
export type WipeableStorage = Pick<Storage, 'key' | 'length' | 'removeItem'>;

/** The browser's sessionStorage, or null where touching it throws (blocked, private mode, no window). */
function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

const KEPT_PREFIX = 'junkan.kept.';

/** The start of every key of one user's kept input ('anon' when no user is signed in). */
const userPrefix = (userId: number | null | undefined) => `${KEPT_PREFIX}${userId ?? 'anon'}.`;

/** Where a user's input is kept: `junkan.kept.<user>.<part>.<part>…`, e.g. `junkan.kept.12.contractDraft.40`. */
export function keptInputKey(userId: number | null | undefined, ...parts: (string | number)[]): string {
  return `${userPrefix(userId)}${parts.join('.')}`;
}

/**
 * Removes every kept-input key of these users, and those kept with no user named: at sign-out and whenever the
 * session ends. Storage that cannot be read has nothing to wipe.
 */
export function wipeKeptInput(
  userIds: readonly (number | null | undefined)[],
  storage: WipeableStorage | null = sessionStore(),
): void {
  if (!storage) return;
  const prefixes = [...userIds, undefined].map(userPrefix);
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && prefixes.some((p) => key.startsWith(p))) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Blocked meanwhile: nothing more can be read from it either.
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
