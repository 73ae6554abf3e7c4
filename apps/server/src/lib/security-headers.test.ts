import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { SECURITY_HEADER_OPTIONS, securityHeadersOf } from './security-headers';

describe("helmet's security headers, worked out once", () => {
  it('holds the content security policy and the rest of helmet’s set', () => {
    const headers = securityHeadersOf(SECURITY_HEADER_OPTIONS);
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': expect.stringContaining('max-age='),
      'cross-origin-opener-policy': 'same-origin',
    });
  });
});

describe('the standing headers of every answer', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('are on an API answer, a refusal included, with the request id, the business time and no caching', async () => {
    const expected = securityHeadersOf(SECURITY_HEADER_OPTIONS);
    for (const res of [await t.as('discharger').get('/users/info'), await t.anonymous.get('/projects')]) {
      expect([200, 401]).toContain(res.statusCode);
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], name).toBe(value);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(
        Math.abs(Date.parse(String(res.headers['x-business-time'])) - t.app.now().getTime()),
      ).toBeLessThan(5_000);
    }
  });

  it('leave a route its own (the API docs keep their looser policy), and the business time to the API', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.headers['content-security-policy']).toBe("default-src 'self' 'unsafe-inline' data:");
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    // Outside the API: the request id and helmet's set, but no business time or no-store.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['x-request-id']).toBeTruthy();
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['x-business-time']).toBeUndefined();
  });
});
