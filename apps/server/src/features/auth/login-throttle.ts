/**
 * Counts failed sign-ins per account and address, and per address alone, in a sliding window.
 * A success clears the account's count. Kept in memory: one server process serves the product.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly opts: { max: number; windowMs: number }) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.opts.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(email: string, ip: string, now = Date.now()): boolean {
    return (
      this.recent(`a:${email}|${ip}`, now).length >= this.opts.max ||
      this.recent(`i:${ip}`, now).length >= this.opts.max * 5
    );
  }

  recordFailure(email: string, ip: string, now = Date.now()): void {
    for (const key of [`a:${email}|${ip}`, `i:${ip}`])
      this.failures.set(key, [...this.recent(key, now), now]);
  }

  recordSuccess(email: string, ip: string): void {
    this.failures.delete(`a:${email}|${ip}`);
  }
}
