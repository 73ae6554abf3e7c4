import { inquiryCreateSchema, inquiryReplySchema } from '@junkan/shared/api/inquiries';
import { correctInvoiceSchema, registerInvoicesSchema } from '@junkan/shared/api/invoices';
import { permitInputSchema } from '@junkan/shared/api/permits';
import { isMessageCode } from '@junkan/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multipartForm } from '../../../test/fixtures/upload-files';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { JSON_BOUNDS } from '../../lib/input-bounds';
import {
  BROKEN_MULTIPART,
  HOSTILE,
  HOSTILE_PATH_IDS,
  hostileQueryValues,
  hostileValues,
  isFreeText,
  type JsonSchema,
  leavesOf,
  nestedJson,
  type Operation,
  operationsOf,
  sampleValue,
  withValueAt,
} from './openapi-sweep';

/**
 * Every operation of the OpenAPI document, sent hostile input of each class (NUL and lone surrogates in text,
 * ids past the 32-bit columns, impossible dates, wrong types, huge strings, broken multipart, odd path ids,
 * bodies nested 5,000 deep, nested query keys) by each kind of caller: none may answer 5xx, and every refusal is
 * `{ code, message, fields? }` with the product's message codes (an address that does not decode too). Built from the document, so a new call is swept without anyone adding it here.
 * Then, per call, the codes: a body past the JSON bounds is `request_too_complex`, one past the body limit
 * `request_too_large`, and text over its maximum `max_length_exceeded` on its own field, in JSON bodies, query
 * strings and multipart `data` fields alike.
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

/** A call's valid-looking base: its URL with sample path and required query values, and a sample body. */
function baseOf(op: Operation) {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, enc(sampleValue(p.schema, p.name))]));
  const baseQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, enc(sampleValue(p.schema, p.name))]),
  );
  return {
    pathParams,
    queryParams,
    basePath,
    baseQuery,
    url: urlOf(op, basePath, baseQuery),
    body: op.body ? sampleValue(op.body) : undefined,
  };
}

const json = (body: unknown) => ({ payload: JSON.stringify(body), contentType: 'application/json' });

/** Calls that may carry a body (a GET's is not read). */
const takesBody = (op: Operation) => op.method !== 'GET' && op.method !== 'HEAD';

function casesOf(op: Operation): Case[] {
  const { pathParams, queryParams, basePath, baseQuery, url: baseUrl, body: baseBody } = baseOf(op);
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
  // Keys a nesting query parser would make objects of (Fastify's keeps them flat).
  cases.push({
    label: 'query with nested keys',
    url: urlOf(op, basePath, { ...baseQuery, 'x[a][b][c]': '1', 'x[a][b][d]': '%00', 'x[]': '2' }),
    ...withBody,
  });
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
  if (takesBody(op)) cases.push({ label: 'body nested 5,000 deep', url: baseUrl, ...deepBody(op, baseBody) });
  return cases;
}

/** The call's body with a value nested 5,000 deep beside its fields (the report: "Maximum call stack size"). */
function deepBody(op: Operation, baseBody: unknown) {
  const isObject = op.body && baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody);
  const base = isObject ? JSON.stringify(baseBody) : '{}';
  const payload = `${base.slice(0, -1)}${base === '{}' ? '' : ','}"deep":${nestedJson(5_000)}}`;
  return { payload, contentType: 'application/json' };
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
                return res.json<{ code?: unknown; message?: unknown; fields?: Record<string, unknown> }>();
              } catch {
                return {};
              }
            })();
            // A code the client can show: one of the product's, never the framework's own (FST_ERR_…).
            const codes = [body.code, ...Object.values(body.fields ?? {})];
            if (!codes.every(isMessageCode) || typeof body.message !== 'string')
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

  /** Sends `c` as each kind of caller in turn; the first answer that is not a refusal of the caller (401, 403). */
  async function asFirstAllowed(op: Operation, c: Omit<Case, 'label'>) {
    for (const caller of callers) {
      const headers: Record<string, string> = { ...caller.headers };
      if (c.contentType) headers['content-type'] = c.contentType;
      const res = await t.app.inject({ method: op.method as 'GET', url: c.url, headers, payload: c.payload });
      if (res.statusCode !== 401 && res.statusCode !== 403) return { caller: caller.name, res };
    }
    return null;
  }

  // The card provider's webhook reads its body as raw bytes for the signature, and parses only a signed one.
  const RAW_BODY = 'POST /api/card-provider/webhook';
  const allOps = () =>
    operationsOf(t.app.swagger()).filter(
      (op) => !/logout|sign-?out/.test(op.path) && `${op.method} ${op.path}` !== RAW_BODY,
    );

  it('refuses a body nested 5,000 deep on every call that reads one: 400 request_too_complex', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of allOps().filter(takesBody)) {
      const base = baseOf(op);
      const answer = await asFirstAllowed(op, { url: base.url, ...deepBody(op, base.body) });
      if (!answer) continue;
      checked++;
      const { res, caller } = answer;
      if (res.statusCode !== 400 || res.json().code !== 'request_too_complex')
        wrong.push(`${op.method} ${op.path} as ${caller} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  // The heavy bodies on a sample: signing in, and a body of each side's and the admin's.
  const SAMPLE = [
    'POST /api/auth/login',
    'POST /api/projects',
    'POST /api/trans/projects/{id}/quotes',
    'POST /api/unit-measure',
    'PUT /api/users',
  ];
  const HEAVY: [label: string, payload: string, status: number, code: string][] = [
    [
      'an array of 500,000 values (within 1 MB)',
      `{"x":[${'0,'.repeat(499_999)}0]}`,
      400,
      'request_too_complex',
    ],
    [
      'an object of 60,000 keys',
      `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":0`).join(',')}}`,
      400,
      'request_too_complex',
    ],
    ['a property name of 100,000 characters', `{"${'k'.repeat(100_000)}":1}`, 400, 'request_too_complex'],
    ['a body over 1 MB', JSON.stringify({ x: 'x'.repeat(1_100_000) }), 413, 'request_too_large'],
  ];
  it.each(HEAVY)('refuses %s on a sample of calls, with its code', async (_label, payload, status, code) => {
    const ops = allOps().filter((op) => SAMPLE.includes(`${op.method} ${op.path}`));
    expect(ops).toHaveLength(SAMPLE.length);
    for (const op of ops) {
      const answer = await asFirstAllowed(op, {
        url: baseOf(op).url,
        payload,
        contentType: 'application/json',
      });
      expect(answer, `${op.method} ${op.path}`).not.toBeNull();
      expect(answer!.res.statusCode, `${op.method} ${op.path} ${answer!.res.body}`).toBe(status);
      expect(answer!.res.json()).toMatchObject({ code });
    }
  });

  it('answers text of 100,000 characters with max_length_exceeded on its field, body and query alike', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of allOps()) {
      const base = baseOf(op);
      const tries: { field: string; url: string; payload?: string; contentType?: string }[] = [];
      if (op.body)
        for (const leaf of leavesOf(op.body).filter((l) => isFreeText(l.schema)))
          tries.push({
            field: leaf.path.join('.'),
            url: base.url,
            ...json(withValueAt(base.body, leaf.path, HOSTILE.huge)),
          });
      for (const p of base.queryParams.filter((q) => isFreeText(q.schema)))
        tries.push({
          field: p.name,
          url: urlOf(op, base.basePath, { ...base.baseQuery, [p.name]: HOSTILE.huge }),
          ...(op.body ? json(base.body) : {}),
        });
      for (const { field, ...c } of tries) {
        const answer = await asFirstAllowed(op, c);
        if (!answer) continue;
        checked++;
        const { res, caller } = answer;
        const fields = res.statusCode === 400 ? res.json().fields : undefined;
        if (fields?.[field] !== 'max_length_exceeded')
          wrong.push(
            `${op.method} ${op.path} ${field} as ${caller} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  /**
   * The multipart calls' `data` fields (JSON in a text part, not in the document): the same bounds and codes as a
   * JSON body. Each with its schema, for a valid base and its free-text fields.
   */
  const DATA_CALLS: [who: string, method: 'POST' | 'PUT', path: string, schema: z.ZodType][] = [
    ['discharger', 'POST', '/api/inquiries', inquiryCreateSchema],
    ['transporter', 'POST', '/api/trans/inquiries', inquiryCreateSchema],
    ['discharger', 'POST', '/api/inquiries/1/replies', inquiryReplySchema],
    ['transporter', 'POST', '/api/trans/inquiries/1/replies', inquiryReplySchema],
    ['admin', 'POST', '/api/admin/inquiries/1/replies', inquiryReplySchema],
    ['transporter', 'POST', '/api/trans/permits', permitInputSchema],
    ['transporter', 'PUT', '/api/trans/permits/1', permitInputSchema],
    ['transporter', 'POST', '/api/trans/invoices', registerInvoicesSchema],
    ['transporter', 'POST', '/api/trans/invoices/1/corrections', correctInvoiceSchema],
  ];
  const sendData = (who: string, method: 'POST' | 'PUT', path: string, data: string) => {
    const caller = callers.find((c) => c.name === who)!;
    const form = multipartForm({ data });
    return t.app.inject({
      method,
      url: path,
      headers: { ...caller.headers, ...form.headers },
      payload: form.payload,
    });
  };

  it.each(DATA_CALLS)(
    '%s: %s %s answers a data field over its bounds with the codes of a JSON body',
    async (who, method, path, schema) => {
      const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      const base = sampleValue(jsonSchema);
      for (const leaf of leavesOf(jsonSchema).filter((l) => isFreeText(l.schema))) {
        const data = JSON.stringify(withValueAt(base, leaf.path, HOSTILE.huge));
        const res = await sendData(who, method, path, data);
        expect(res.statusCode, `${leaf.path.join('.')} ${res.body}`).toBe(400);
        expect(res.json().fields).toMatchObject({ [leaf.path.join('.')]: 'max_length_exceeded' });
      }
      const deep = await sendData(who, method, path, `{"deep":${nestedJson(5_000)}}`);
      expect(deep.statusCode, deep.body).toBe(400);
      expect(deep.json()).toMatchObject({
        code: 'request_too_complex',
        fields: { data: 'request_too_complex' },
      });
      const huge = await sendData(who, method, path, JSON.stringify({ x: 'x'.repeat(JSON_BOUNDS.bytes) }));
      expect(huge.statusCode, huge.body).toBe(413);
      expect(huge.json()).toMatchObject({ code: 'request_too_large', fields: { data: 'request_too_large' } });
    },
  );

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
