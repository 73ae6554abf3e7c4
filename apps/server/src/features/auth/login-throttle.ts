import type { RateLimit, RateLimiter } from '../../lib/rate-limiter';

/**
 * Counts failed sign-ins per account and address, and per address alone (five times the limit), in fixed
 * windows of the shared rate-limit table, so the limit holds however many server processes answer.
 * A success clears the account's count.
 */
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly opts: RateLimit,
  ) {}

  private keys(email: string, ip: string) {
    return { account: `login:a:${email}|${ip}`, address: `login:i:${ip}` };
  }

  async isBlocked(email: string, ip: string, now?: Date): Promise<boolean> {
    const { account, address } = this.keys(email, ip);
    const counts = await this.limiter.counts([account, address], now);
    return (counts.get(account) ?? 0) >= this.opts.max || (counts.get(address) ?? 0) >= this.opts.max * 5;
  }

  async recordFailure(email: string, ip: string, now?: Date): Promise<void> {
    const { account, address } = this.keys(email, ip);
    await this.limiter.hit(account, this.opts.windowMs, now);
    await this.limiter.hit(address, this.opts.windowMs, now);
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.limiter.clear(this.keys(email, ip).account);
  }
}
