import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { type App, buildApp } from '../../app';
import { rateLimitBuckets } from '../../db/schema';
import { PgRateLimiter } from '../../lib/rate-limiter';

// Two server processes on one database: the second app shares the first one's database handle.
let t: TestContext;
let second: App;
beforeAll(async () => {
  t = await createTestApp({
    loginRateLimit: { max: 3, windowMs: 60_000 },
    mailRateLimit: { max: 4, windowMs: 60_000 },
  });
  second = await buildApp(t.config, t.database, { logger: false });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const apps = () => [t.app, second];
// Raw inject: each call names the process it reaches and the client address it comes from.
const post = (app: App, url: string, payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url, payload, remoteAddress });

describe('limits shared by every server process', () => {
  it('counts failed sign-ins across processes and answers 429 too_many_requests', async () => {
    const email = 'platform@example.com';
    const address = '10.1.0.1';
    for (let i = 0; i < 3; i++) {
      const res = await post(apps()[i % 2]!, '/api/auth/login', { email, password: 'Wrong1234' }, address);
      expect(res.statusCode).toBe(401);
    }
    for (const app of apps()) {
      const blocked = await post(app, '/api/auth/login', { email, password: 'Demo1234' }, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'too_many_requests' });
    }
    // The same account from another address is not blocked.
    expect(
      (await post(second, '/api/auth/login', { email, password: 'Demo1234' }, '10.1.0.2')).statusCode,
    ).toBe(200);
  });

  it('limits sign-ups per client address across processes, with reset mails in the same count', async () => {
    const address = '10.2.0.1';
    const signup = (app: App, n: number, from = address) =>
      post(
        app,
        '/api/auth/signup',
        { email: `burst${n}@example.com`, password: 'Passw0rd', role: 'WASTE' },
        from,
      );
    for (let n = 0; n < 3; n++) expect((await signup(apps()[n % 2]!, n)).statusCode).toBe(200);
    expect(
      (await post(second, '/api/auth/password/send-email', { email: 'nobody@example.com' }, address))
        .statusCode,
    ).toBe(200);
    for (const app of apps()) {
      const refused = await signup(app, 10);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
      const mail = await post(app, '/api/auth/password/send-email', { email: 'nobody@example.com' }, address);
      expect(mail.statusCode).toBe(429);
    }
    // Nothing was created for the refused sign-up.
    expect(
      await t.db.query.users.findFirst({ where: (u) => eq(u.email, 'burst10@example.com') }),
    ).toBeUndefined();
    // Another address still signs up.
    expect((await signup(second, 11, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('PgRateLimiter', () => {
  it('counts in a fixed window and starts again at 1 once the window has ended', async () => {
    const limiter = new PgRateLimiter(t.db);
    const start = new Date('2026-11-20T10:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await limiter.hit('test:window', 1000, at(0))).toBe(1);
    expect(await limiter.hit('test:window', 1000, at(500))).toBe(2);
    expect((await limiter.counts(['test:window'], at(999))).get('test:window')).toBe(2);
    expect((await limiter.counts(['test:window'], at(1000))).get('test:window')).toBeUndefined();
    expect(await limiter.hit('test:window', 1000, at(1000))).toBe(1);
    const [row] = await t.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, 'test:window'));
    expect(row?.resetAt.getTime()).toBe(at(2000).getTime());
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = new PgRateLimiter(t.db);
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => limiter.hit('test:concurrent', 60_000)),
    );
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('deletes buckets whose window ended long ago', async () => {
    const limiter = new PgRateLimiter(t.db);
    const longAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
    await t.db.insert(rateLimitBuckets).values({ key: 'test:old', count: 3, resetAt: longAgo });
    await limiter.hit('test:prune-trigger', 60_000);
    // The prune runs beside the hit; a following query waits behind it on the database.
    await new Promise((r) => setTimeout(r, 50));
    expect(await t.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, 'test:old'))).toEqual(
      [],
    );
  });
});
