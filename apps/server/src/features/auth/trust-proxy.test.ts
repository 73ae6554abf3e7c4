import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type { App } from '../../app';
import { parseTrustProxy } from '../../config';

let t: TestContext;
let behindProxy: App;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: { max: 2, windowMs: 60_000 } });
  behindProxy = (await t.sibling({ trustProxy: ['10.9.0.0/16'] })).app;
});
afterAll(() => t.close());

// Raw inject: the socket address and X-Forwarded-For are the subject.
const wrongPassword = (app: App, email: string, socket: string, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Wrong1234' },
    remoteAddress: socket,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY and the sign-in limiter', () => {
  it('counts per forwarded client behind a trusted proxy', async () => {
    const email = 'discharger@example.com';
    const proxy = '10.9.0.5';
    for (let i = 0; i < 2; i++)
      expect((await wrongPassword(behindProxy, email, proxy, '203.0.113.1')).statusCode).toBe(401);
    expect((await wrongPassword(behindProxy, email, proxy, '203.0.113.1')).statusCode).toBe(429);
    // Another client behind the same proxy is not blocked.
    expect((await wrongPassword(behindProxy, email, proxy, '203.0.113.2')).statusCode).toBe(401);
  });

  it('counts per socket address when the proxy is not trusted (the default), whatever the header says', async () => {
    const email = 'discharger2@example.com';
    const socket = '10.8.0.7';
    expect((await wrongPassword(t.app, email, socket, '198.51.100.1')).statusCode).toBe(401);
    expect((await wrongPassword(t.app, email, socket, '198.51.100.2')).statusCode).toBe(401);
    expect((await wrongPassword(t.app, email, socket, '198.51.100.3')).statusCode).toBe(429);
    // A forwarded address from a socket outside the trusted range is not believed either.
    expect((await wrongPassword(behindProxy, email, socket, '198.51.100.4')).statusCode).toBe(429);
  });

  it('reads TRUST_PROXY as off, true, a hop count or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
