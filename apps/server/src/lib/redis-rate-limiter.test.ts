import { randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../features/auth/login-throttle';
import { RedisRateLimiter } from './redis-rate-limiter';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something listens at the Redis address (the test is skipped otherwise). */
async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const hasRedis = await reachable(REDIS_URL);
const limiters: RedisRateLimiter[] = [];
// Two limiters on one Redis stand for two server processes; a prefix of its own keeps runs apart.
const make = (prefix: string) => {
  const limiter = new RedisRateLimiter(REDIS_URL, prefix);
  limiters.push(limiter);
  return limiter;
};
afterAll(async () => {
  for (const l of limiters) await l.close();
});

describe.skipIf(!hasRedis)('RedisRateLimiter', () => {
  it('counts in a window shared by every process, which then ends', async () => {
    const prefix = `junkan:test:${randomUUID()}:`;
    const [a, b] = [make(prefix), make(prefix)];
    expect(await a.hit('k', 300)).toBe(1);
    expect(await b.hit('k', 300)).toBe(2);
    expect((await a.counts(['k', 'absent'])).get('k')).toBe(2);
    expect((await a.counts(['k', 'absent'])).has('absent')).toBe(false);
    await sleep(350);
    expect((await b.counts(['k'])).has('k')).toBe(false);
    expect(await b.hit('k', 300)).toBe(1);
    await a.clear('k');
    expect((await b.counts(['k'])).has('k')).toBe(false);
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = make(`junkan:test:${randomUUID()}:`);
    const counts = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('c', 60_000)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('blocks the sign-in of an account and address across processes', async () => {
    const prefix = `junkan:test:${randomUUID()}:`;
    const [a, b] = [
      new LoginThrottle(make(prefix), { max: 3, windowMs: 60_000 }),
      new LoginThrottle(make(prefix), { max: 3, windowMs: 60_000 }),
    ];
    for (let i = 0; i < 3; i++) await (i % 2 ? a : b).recordFailure('u@example.com', '10.0.0.1');
    expect(await a.isBlocked('u@example.com', '10.0.0.1')).toBe(true);
    expect(await b.isBlocked('u@example.com', '10.0.0.1')).toBe(true);
    expect(await b.isBlocked('u@example.com', '10.0.0.2')).toBe(false);
  });
});
