import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  BROKEN_MULTIPART,
  HOSTILE_PATH_IDS,
  hostileQueryValues,
  hostileValues,
  leavesOf,
  type Operation,
  operationsOf,
  sampleValue,
  withValueAt,
} from './openapi-sweep';

/**
 * Every operation of the OpenAPI document, sent hostile input of each class (NUL and lone surrogates in text,
 * ids past the 32-bit columns, impossible dates, wrong types, huge strings, broken multipart, odd path ids)
 * by each kind of caller: none may answer 5xx, and every refusal is `{ code, message, fields? }`. Built from
 * the document, so a new call is swept without anyone adding it here.
 */

interface Case {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
}

const DECIMAL = '^\\d{1,16}$';
const enc = (v: unknown) => encodeURIComponent(String(v));

function urlOf(op: Operation, path: Record<string, string>, query: Record<string, string>): string {
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? '1');
  const qs = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return qs ? `${url}?${qs}` : url;
}

function casesOf(op: Operation): Case[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, enc(sampleValue(p.schema, p.name))]));
  const baseQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, enc(sampleValue(p.schema, p.name))]),
  );
  const baseBody = op.body ? sampleValue(op.body) : undefined;
  const json = (body: unknown) => ({ payload: JSON.stringify(body), contentType: 'application/json' });
  const baseUrl = urlOf(op, basePath, baseQuery);
  const cases: Case[] = [];
  const withBody = op.body ? json(baseBody) : {};

  for (const p of pathParams) {
    const values =
      p.schema.pattern === DECIMAL
        ? HOSTILE_PATH_IDS
        : ['a%00b', '%ED%A0%80x', 'x'.repeat(2_000), '2026-02-30'];
    for (const v of values)
      cases.push({
        label: `path ${p.name}=${v.slice(0, 20)}`,
        url: urlOf(op, { ...basePath, [p.name]: v }, baseQuery),
        ...withBody,
      });
  }
  for (const p of queryParams) {
    for (const v of hostileQueryValues(p.schema))
      cases.push({
        label: `query ${p.name}=${v.slice(0, 20)}`,
        url: urlOf(op, basePath, { ...baseQuery, [p.name]: v }),
        ...withBody,
      });
  }
  if (op.body) {
    for (const leaf of leavesOf(op.body)) {
      for (const v of hostileValues(leaf.schema)) {
        const shown = JSON.stringify(v)?.slice(0, 20);
        cases.push({
          label: `body ${leaf.path.join('.')}=${shown}`,
          url: baseUrl,
          ...json(withValueAt(baseBody, leaf.path, v)),
        });
      }
    }
    for (const payload of ['"x"', '[]', 'null', '{', '{"a":'])
      cases.push({ label: `body ${payload}`, url: baseUrl, payload, contentType: 'application/json' });
    cases.push({ label: 'body over 1 MB', url: baseUrl, ...json({ x: 'x'.repeat(1_100_000) }) });
  } else if (['POST', 'PUT', 'PATCH'].includes(op.method)) {
    for (const m of BROKEN_MULTIPART) cases.push({ url: baseUrl, ...m, label: `multipart: ${m.label}` });
  }
  return cases;
}

describe('every operation of the OpenAPI document, given hostile input', () => {
  let t: TestContext;
  // Raw inject throughout: the sweep sends bodies, content types and multipart parts the kit would not.
  const callers: { name: string; headers: Record<string, string> }[] = [];

  beforeAll(async () => {
    // Generous limits: the sweep sends thousands of calls and must not be slowed or refused by them.
    t = await createTestApp({
      loginRateLimit: { max: 100_000, windowMs: 60_000 },
      mailRateLimit: { max: 100_000, windowMs: 60_000 },
    });
    callers.push({ name: 'anonymous', headers: {} });
    for (const email of ['admin', 'discharger', 'transporter'])
      callers.push({ name: email, headers: t.auth(await t.login(`${email}@example.com`)) });
  });
  afterAll(async () => t?.close());

  it('answers 4xx with a code, never 5xx', async () => {
    // Calls that end the caller's session go last, so the others run signed in.
    const ops = operationsOf(t.app.swagger()).sort(
      (a, b) => Number(/logout|sign-?out/.test(a.path)) - Number(/logout|sign-?out/.test(b.path)),
    );
    const serverErrors: string[] = [];
    const badShapes: string[] = [];
    let sent = 0;
    for (const op of ops) {
      const cases = casesOf(op);
      for (const caller of callers) {
        for (const [i, c] of cases.entries()) {
          const headers: Record<string, string> = { ...caller.headers };
          if (c.contentType) headers['content-type'] = c.contentType;
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: c.url,
            headers,
            payload: c.payload,
          });
          sent++;
          const where = `${op.method} ${op.path} as ${caller.name}: ${c.label}`;
          if (res.statusCode >= 500)
            serverErrors.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          else if (res.statusCode >= 400) {
            const body = (() => {
              try {
                return res.json<{ code?: unknown; message?: unknown }>();
              } catch {
                return {};
              }
            })();
            if (typeof body.code !== 'string' || typeof body.message !== 'string')
              badShapes.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
          }
          // A caller the call refuses outright (no token, wrong role) is not swept further.
          if (i === 0 && (res.statusCode === 401 || res.statusCode === 403)) break;
        }
      }
    }
    expect(ops.length).toBeGreaterThan(100);
    expect(sent).toBeGreaterThan(ops.length * 5);
    expect(serverErrors).toEqual([]);
    expect(badShapes).toEqual([]);
  }, 600_000);

  it.each([
    [
      'sign-up user name with NUL',
      'anonymous',
      'POST',
      '/api/auth/signup',
      { email: 'nul@example.com', password: 'Passw0rd', userName: 'a\u0000' },
      { userName: 'invalid_characters' },
    ],
    [
      'achievement filter with NUL',
      'discharger',
      'GET',
      '/api/achievements?period=annual&year=2026&wasteName=%00',
      undefined,
      { wasteName: 'invalid_characters' },
    ],
    [
      'unit with a lone surrogate',
      'admin',
      'POST',
      '/api/unit-measure',
      { unit: '\ud800x' },
      { unit: 'invalid_characters' },
    ],
    [
      'project id past 32 bits',
      'discharger',
      'POST',
      '/api/manifests',
      {
        projectId: 2147483648,
        wasteLineId: 1,
        deliveryDate: '2026-01-15',
        quantity: 1,
        unitId: 1,
        dischargeSiteId: 1,
      },
      { projectId: 'invalid_format' },
    ],
    [
      'quote valid until 2026-02-30',
      'transporter',
      'POST',
      '/api/trans/projects/2/quotes',
      { lines: [{ wasteLineId: 1, unitPrice: 1, quantity: 1 }], validUntil: '2026-02-30' },
      { validUntil: 'invalid_format' },
    ],
    ['path id 0x7', 'discharger', 'GET', '/api/projects/0x7', undefined, { id: 'invalid_format' }],
    ['path id 7e0', 'discharger', 'GET', '/api/projects/7e0', undefined, { id: 'invalid_format' }],
    ['path id 7.0', 'discharger', 'GET', '/api/projects/7.0', undefined, { id: 'invalid_format' }],
    ['path id with a space', 'discharger', 'GET', '/api/projects/%207', undefined, { id: 'invalid_format' }],
  ])('the reported case: %s answers 400 with the field', async (_name, who, method, url, payload, fields) => {
    const caller = callers.find((c) => c.name === who)!;
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: caller.headers,
      payload: payload as object,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields });
  });

  it.each(BROKEN_MULTIPART.map((m) => [m.label, m] as const))(
    'upload with %s answers 4xx with a code',
    async (_label, m) => {
      for (const [who, url] of [
        ['discharger', '/api/projects/6/attachments'],
        ['transporter', '/api/trans/projects/2/quote-document'],
      ] as const) {
        const caller = callers.find((c) => c.name === who)!;
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...caller.headers, 'content-type': m.contentType },
          payload: m.payload,
        });
        expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof res.json().code).toBe('string');
      }
    },
  );
});
