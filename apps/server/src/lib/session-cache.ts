/** Whose cached sessions a change ends: one sign-in, a user (and the admin sessions acting as it), a company, or all. */
export type SessionChange =
  | { sessionId: string }
  | { userId: number }
  | { companyId: number }
  | { all: true };

interface CachedSession {
  userId: number;
  adminId?: number;
  sessionId: string;
  companyId: number | null;
}

/**
 * Whether a change ends or alters a session: the rule the cache drops its entries by, and the one a connection
 * that outlives its token (the chat streams) checks its session again by.
 */
export function changeTouches(change: SessionChange, session: CachedSession): boolean {
  if ('all' in change) return true;
  if ('sessionId' in change) return session.sessionId === change.sessionId;
  if ('userId' in change) return session.userId === change.userId || session.adminId === change.userId;
  return session.companyId === change.companyId;
}

interface Entry<S> {
  session: S;
  expiresAt: number;
}

/** Past this many entries, expired ones are swept on the next insert (and all if none had expired). */
const SWEEP_ABOVE = 10_000;

/**
 * Loaded sessions kept for a few seconds, so most calls skip the session query. Every change that could end or
 * alter a session (sign-out, password, disabling, grants, approval) is announced to every process, which drops
 * the entries it touches. A load that was under way when a change arrived is not kept: it may have read the
 * state from before the change.
 */
export class SessionCache<S extends CachedSession> {
  private readonly entries = new Map<string, Entry<S>>();
  private changes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  static keyOf(claims: {
    sid: string;
    userId: number;
    adminId?: number | null;
    authorities?: readonly string[];
  }): string {
    return `${claims.sid}|${claims.userId}|${claims.adminId ?? ''}|${claims.authorities?.join(',') ?? ''}`;
  }

  /** The cached session, or the one `load` reads; `endsAt` (epoch ms) is when the sign-in itself ends. */
  async get(key: string, load: () => Promise<{ session: S; endsAt: number } | null>): Promise<S | null> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.session;
    const changesBefore = this.changes;
    const loaded = await load();
    if (!loaded) {
      this.entries.delete(key);
      return null;
    }
    if (this.ttlMs > 0 && this.changes === changesBefore) {
      if (this.entries.size >= SWEEP_ABOVE) this.sweep(now);
      this.entries.set(key, {
        session: loaded.session,
        expiresAt: Math.min(now + this.ttlMs, loaded.endsAt),
      });
    }
    return loaded.session;
  }

  drop(change: SessionChange): void {
    this.changes++;
    if ('all' in change) {
      this.entries.clear();
      return;
    }
    for (const [key, { session }] of this.entries)
      if (changeTouches(change, session)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size >= SWEEP_ABOVE) this.entries.clear();
  }
}
