import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type { App } from '../../app';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { SessionCache } from '../../lib/session-cache';

// The cache holds sessions a minute here: anything ended sooner was ended by the announced change.
const CACHE_MS = 60_000;
let t: TestContext;
let other: App;
beforeAll(async () => {
  t = await createTestApp({ sessionCacheMs: CACHE_MS });
  other = (await t.sibling()).app;
});
afterAll(() => t.close());

// Raw inject: each call names the process it reaches.
const permissions = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization: `Bearer ${token}` } });

/** Waits (at most 2 s, far below the cache's minute) until `app` refuses `token`. */
async function refusedSoon(app: App, token: string): Promise<number> {
  const deadline = Date.now() + 2000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await permissions(app, token)).statusCode;
    if (status === 401) return status;
    await sleep(20);
  }
  return status;
}

async function makeUser(email: string) {
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      userName: email,
      passwordHash: await hashPassword('Passw0rd'),
      role: 'WASTE',
      enabled: true,
    })
    .returning();
  return user!;
}

describe('session cache', () => {
  it('keeps a loaded session: a change written behind the services is seen once announced', async () => {
    const user = await makeUser('cached@example.com');
    const token = await t.login(user.email, 'Passw0rd');
    expect((await permissions(t.app, token)).statusCode).toBe(200);
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    expect((await permissions(t.app, token)).statusCode).toBe(200);
    await t.app.sessionChanged({ userId: user.id });
    expect((await permissions(t.app, token)).statusCode).toBe(401);
  });
});

// Two processes need two connections to one PostgreSQL database; PGlite has one process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('session changes reach every process', () => {
  it('a sign-out through one process ends the session in the other at once', async () => {
    const token = await t.login('discharger2@example.com');
    for (const app of [t.app, other]) expect((await permissions(app, token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await permissions(t.app, token)).statusCode).toBe(401);
    expect(await refusedSoon(other, token)).toBe(401);
  });

  it('a password change through the other process ends the sign-ins cached here', async () => {
    const user = await makeUser('rotate-cross@example.com');
    const token = await t.login(user.email, 'Passw0rd');
    expect((await permissions(t.app, token)).statusCode).toBe(200);
    const res = await other.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: { authorization: `Bearer ${token}` },
      payload: { oldPass: 'Passw0rd', newPass: 'Rotated12' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await refusedSoon(t.app, token)).toBe(401);
    expect((await permissions(t.app, res.json().token)).statusCode).toBe(200);
  });

  it("an administrator's deletion through one process ends the user's session in the other", async () => {
    const user = await makeUser('deleted-cross@example.com');
    const token = await t.login(user.email, 'Passw0rd');
    expect((await permissions(other, token)).statusCode).toBe(200);
    expect((await t.as('admin').delete(`/admin/users/${user.id}`)).statusCode).toBe(200);
    expect(await refusedSoon(other, token)).toBe(401);
  });

  it('forgets every cached session when the events connection comes back after a drop', async () => {
    const user = await makeUser('dropped@example.com');
    const token = await t.login(user.email, 'Passw0rd');
    expect((await permissions(other, token)).statusCode).toBe(200);
    // Disabled behind the services (no announcement) while the listener is cut: only the reconnect can tell.
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    await t.db.execute(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'junkan-events' and datname = current_database()",
    );
    expect(await refusedSoon(other, token)).toBe(401);
  });
});

describe('SessionCache', () => {
  const session = (
    over: Partial<{ userId: number; adminId: number; sessionId: string; companyId: number }>,
  ) => ({
    userId: 1,
    sessionId: 's1',
    companyId: 10,
    ...over,
  });
  const cached = async (cache: SessionCache<ReturnType<typeof session>>, key: string) => {
    let loads = 0;
    await cache.get(key, async () => ({ session: session({}), endsAt: Number.MAX_SAFE_INTEGER }));
    await cache.get(key, async () => {
      loads++;
      return { session: session({}), endsAt: Number.MAX_SAFE_INTEGER };
    });
    return loads === 0;
  };

  it('drops the entries a change touches: by sign-in, user (or acting admin), company', async () => {
    let now = 0;
    const cache = new SessionCache<ReturnType<typeof session>>(5000, () => now);
    const put = (key: string, s: ReturnType<typeof session>) =>
      cache.get(key, async () => ({ session: s, endsAt: Number.MAX_SAFE_INTEGER }));
    await put('a', session({ sessionId: 'sa', userId: 1, companyId: 10 }));
    await put('b', session({ sessionId: 'sb', userId: 2, adminId: 9, companyId: 20 }));
    await put('c', session({ sessionId: 'sc', userId: 3, companyId: 30 }));
    await put('d', session({ sessionId: 'sd', userId: 4, companyId: 40 }));
    expect(cache.size).toBe(4);
    cache.drop({ sessionId: 'sa' });
    cache.drop({ userId: 9 });
    cache.drop({ companyId: 30 });
    expect(cache.size).toBe(1);
    cache.drop({ all: true });
    expect(cache.size).toBe(0);
    // Entries expire after the time given, or when the sign-in ends if sooner.
    await cache.get('e', async () => ({ session: session({}), endsAt: 1000 }));
    now = 999;
    expect(cache.size).toBe(1);
    let reloaded = false;
    now = 1000;
    await cache.get('e', async () => {
      reloaded = true;
      return null;
    });
    expect(reloaded).toBe(true);
  });

  it('does not keep a load that a change overtook', async () => {
    const cache = new SessionCache<ReturnType<typeof session>>(5000);
    await cache.get('k', async () => {
      cache.drop({ userId: 1 });
      return { session: session({}), endsAt: Number.MAX_SAFE_INTEGER };
    });
    expect(cache.size).toBe(0);
    expect(await cached(cache, 'k')).toBe(true);
  });
});

describe('verified tokens kept with the sessions', () => {
  it('still refuses a token once it expires, and a signed-out one, within the cache time', async () => {
    const user = await makeUser('token-cache@example.com');
    const token = await t.login(user.email, 'Passw0rd');
    const { exp: _exp, iat: _iat, ...claims } = t.app.jwt.decode<Record<string, unknown>>(token)!;
    const shortLived = t.app.jwt.sign(claims as never, { expiresIn: '1s' });
    expect((await permissions(t.app, shortLived)).statusCode).toBe(200);
    const exp = t.app.jwt.decode<{ exp: number }>(shortLived)!.exp * 1000;
    await sleep(Math.max(0, exp - Date.now()) + 50);
    expect((await permissions(t.app, shortLived)).statusCode).toBe(401);

    expect((await permissions(t.app, token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await permissions(t.app, token)).statusCode).toBe(401);
  });
});
