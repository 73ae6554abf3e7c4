import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

// The built web app as the build leaves it: hashed assets with their .br and .gz copies.
const dist = mkdtempSync(path.join(tmpdir(), 'junkan-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let t: TestContext;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets/app-Ab12Cd34.js'), script);
  writeFileSync(path.join(dist, 'assets/app-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets/app-Ab12Cd34.js.gz'), gzipSync(script));
  // The driver's installable app: the service worker and the web manifest at the base, the icons beside them.
  writeFileSync(path.join(dist, 'sw.js'), script);
  writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"junkan ドライバー"}');
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'icons/driver-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({ webDist: dist });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app as served', () => {
  it('sends a hashed asset compressed as the browser accepts it, cached for good', async () => {
    const br = await get('/sys/assets/app-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');

    const gz = await get('/sys/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get('/sys/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has the page itself and deep links revalidated, so a new release is picked up', async () => {
    for (const url of ['/sys/', '/sys/collection-schedules?month=2026-11']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body).toContain('id="root"');
    }
  });

  it('sends the service worker and the web manifest with their types, always revalidated', async () => {
    const sw = await get('/sys/sw.js', 'gzip, deflate, br');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers['content-encoding']).toBe('br');
    // A new release's worker is found at the next check, never held by a cache.
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/sys/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'junkan ドライバー' });
    const icon = await get('/sys/icons/driver-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('answers a missing asset 404 with a code, not the page', async () => {
    const missing = await get('/sys/assets/gone-Zz99.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
  });
});
