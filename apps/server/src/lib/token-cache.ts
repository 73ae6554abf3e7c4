/** Past this many entries, expired ones are swept on the next insert (and all if none had expired). */
const SWEEP_ABOVE = 10_000;

interface Entry<C> {
  claims: C;
  expiresAt: number;
}

/**
 * Tokens whose signature was verified, kept for a few seconds by their exact text, so a client's repeated calls
 * skip the signature check. An entry never outlives the token's own expiry (`exp`, in seconds); revocation is the
 * session's business (the sign-in is checked on every call, through the session cache).
 */
export class TokenCache<C extends { exp?: number }> {
  private readonly entries = new Map<string, Entry<C>>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The claims of `token`: from the cache while fresh, else from `verify` (which throws on a bad token). */
  async get(token: string, verify: () => Promise<C>): Promise<C> {
    const now = this.clock();
    const hit = this.entries.get(token);
    if (hit) {
      if (hit.expiresAt > now) return hit.claims;
      this.entries.delete(token);
    }
    const claims = await verify();
    const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : Number.NaN;
    // A token without a usable expiry is verified every time.
    if (this.ttlMs > 0 && exp > now) {
      if (this.entries.size >= SWEEP_ABOVE) this.sweep(now);
      this.entries.set(token, { claims, expiresAt: Math.min(now + this.ttlMs, exp) });
    }
    return claims;
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size >= SWEEP_ABOVE) this.entries.clear();
  }
}
