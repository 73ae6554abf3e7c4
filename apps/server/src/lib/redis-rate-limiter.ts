import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter';

/**
 * INCR and, on the window's first hit, PEXPIRE in one step (the same script as @fastify/rate-limit's Redis
 * store). A key left without expiry is given one, so a count can never outlive its window forever.
 */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return current
`;

/**
 * The limiters' fixed windows in Redis (`REDIS_URL`): every process on the Redis server shares them. Redis keeps
 * the time, so the `now` arguments (used by the PostgreSQL counters' tests) are ignored here.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'junkan:rl:',
  ) {
    // Fail a hit quickly while Redis is unreachable instead of queueing it without end.
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    this.redis.defineCommand('junkanHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const hit = (this.redis as unknown as { junkanHit(k: string, ms: number): Promise<number> }).junkanHit;
    return Number(await hit.call(this.redis, this.prefix + key, Math.max(1, Math.round(windowMs))));
  }

  async counts(keys: string[]): Promise<Map<string, number>> {
    if (!keys.length) return new Map();
    const values = await this.redis.mget(keys.map((k) => this.prefix + k));
    const found = new Map<string, number>();
    keys.forEach((k, i) => {
      const v = values[i];
      if (v != null) found.set(k, Number(v));
    });
    return found;
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
