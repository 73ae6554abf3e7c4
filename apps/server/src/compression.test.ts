import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Raw inject: the encoding headers are the subject.
async function get(user: string, url: string, encoding?: string) {
  const token = await t.as(user).token();
  return t.app.inject({
    url,
    headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
}

describe('compressed API answers', () => {
  it('sends an answer above the threshold as brotli or gzip, still never cached', async () => {
    const plain = await get('discharger', '/api/projects');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('discharger', '/api/projects', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await get('discharger', '/api/projects', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const res = await get('discharger', '/api/permissions', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('keeps downloads whole: the PDF untouched, the CSV decoding to the same text, both no-store', async () => {
    const date = '2026-11-20';
    const pdf = await get('transporter', `/api/trans/collections/day-sheet?date=${date}&format=pdf`, 'br');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['cache-control']).toContain('no-store');

    const csvUrl = `/api/trans/collections/day-sheet?date=${date}&format=csv`;
    const plainCsv = await get('transporter', csvUrl);
    const csv = await get('transporter', csvUrl, 'gzip');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(plainCsv.headers['content-disposition']);
    expect(csv.headers['cache-control']).toContain('no-store');
    const body = csv.headers['content-encoding'] === 'gzip' ? gunzipSync(csv.rawPayload) : csv.rawPayload;
    expect(body.equals(plainCsv.rawPayload)).toBe(true);
  });
});
