import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from '../../../test/fixtures/demo-data';
import { type ApiMethod, createTestApp, type TestContext } from '../../../test/test-app';
import { collections, projects, transportReports, users } from '../../db/schema';
import { type Operation, operationsOf, sampleValue } from '../api-contract/openapi-sweep';

/**
 * A driver (role DRIVER) reaches its day and nothing else. Every call of the app, read from the app's own OpenAPI
 * document (so a route added tomorrow is swept too), is made with a driver's token and each id it could plausibly
 * try: its own company's records (a collection, a vehicle, a project, a report, an invoice, the company, itself)
 * and another company's. No call may answer 2xx but those of ALLOWED, each with its reason; none may answer 5xx,
 * and none 401 (the sweep's own token must stay live, or it would prove nothing).
 */

const DRIVER = 'driver@example.com';

/** What a driver may call, and why. Public calls (sign-in, mailed links) are not swept: they need no token. */
const ALLOWED: { call: RegExp; why: string }[] = [
  { call: /^POST \/api\/auth\/refresh-token$/, why: 'a new token of its own sign-in' },
  { call: /^POST \/api\/auth\/password\/change$/, why: 'its own password (CHANGE_PASSWORD)' },
  { call: /^GET \/api\/permissions$/, why: 'its own keys, which the web app reads to route it to its day' },
  {
    call: /^[A-Z]+ \/api\/driver\//,
    why: "the driver's day (DRIVER_DAY, role DRIVER: features/driver-marks)",
  },
  // Calls open to every signed-in account, a fresh sign-up without a company included (they name no permission):
  // what anyone may learn by signing up on the public site, no company's records.
  {
    call: /^GET \/api\/users\/\{id\}\/check-key-registered$/,
    why: 'on its own id only: whether a subscriber number or EDI key is taken',
  },
  {
    call: /^GET \/api\/(waste|waste\/parent\/\{id\}|unit-measure|packing-master|disposal-method)$/,
    why: 'the reference lists (waste classifications, units, packing styles, disposal methods)',
  },
  {
    call: /^GET \/api\/collection-area\/lookup$/,
    why: 'whether a postal code is served, as a discharger learns it: no area, no price (lookupScope "none")',
  },
  {
    call: /^GET \/api\/business-calendar\/is-collectable$/,
    why: 'whether a transport company collects on a date, which collection requests ask',
  },
];
const allowed = (op: Operation) => ALLOWED.some((a) => a.call.test(`${op.method} ${op.path}`));

let t: TestContext;
let ops: (Operation & { isPublic: boolean })[] = [];
/** Ids a driver could try in a path or query: its company's records and another company's. */
let candidates: { label: string; id: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  ops = operationsOf(doc).map((op) => ({
    ...op,
    isPublic: doc.paths[op.path]?.[op.method.toLowerCase()]?.security?.length === 0,
  }));
  const toto = await companyId(t.db, '東都環境サービス株式会社');
  const green = await companyId(t.db, '株式会社グリーン商事');
  const [driver] = await t.db.select().from(users).where(eq(users.email, DRIVER));
  const [transporter] = await t.db.select().from(users).where(eq(users.email, 'transporter@example.com'));
  const [stop] = await t.db
    .select({ id: collections.id })
    .from(collections)
    .where(
      and(eq(collections.transportCompanyId, toto), inArray(collections.status, ['CONFIRMED', 'COLLECTED'])),
    )
    .limit(1);
  const [own] = await t.db.select().from(projects).where(eq(projects.title, '銀座店 可燃ごみ定期回収'));
  const [other] = await t.db.select().from(projects).where(eq(projects.title, '梅田事業所 廃油処理'));
  const [report] = await t.db.select().from(transportReports).limit(1);
  candidates = [
    { label: 'its own collection', id: stop!.id },
    { label: 'its vehicle', id: driver!.vehicleId! },
    { label: 'itself', id: driver!.id },
    { label: 'its transporter', id: transporter!.id },
    { label: 'its company', id: toto },
    { label: 'its company’s project', id: own!.id },
    { label: 'another company’s project', id: other!.id },
    { label: 'another company', id: green },
    { label: 'a transport report', id: report!.id },
  ];
});
afterAll(() => t?.close());

/** The call's URL with every path and required query value sampled, ids (and id-like values) set to `id`. */
function urlOf(op: Operation, id: number): string {
  const candidateOr = (p: Operation['params'][number]) => {
    const sample = sampleValue(p.schema, p.name);
    // A number-like parameter, or one written as decimal digits, takes the candidate id.
    return typeof sample === 'number' || /^\d+$/.test(String(sample)) || /id$/i.test(p.name) ? id : sample;
  };
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = op.params.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(String(param ? candidateOr(param) : id));
  });
  const query = op.params
    .filter((p) => p.in === 'query' && (p.required || /id$/i.test(p.name)))
    .map((p) => `${p.name}=${encodeURIComponent(String(candidateOr(p)))}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}

describe('a driver', () => {
  it('signs in and holds its day and its password only', async () => {
    const res = await t.as(DRIVER).get('/permissions');
    expect(res.statusCode).toBe(200);
    expect([...res.json().permissions].sort()).toEqual(['CHANGE_PASSWORD', 'DRIVER_DAY']);
  });

  it('gets no 2xx from any call of the app but the allowed ones, whatever id it tries', async () => {
    const swept = ops.filter((op) => !op.isPublic);
    // The document lists every route of the app, this feature's too.
    expect(swept.length).toBeGreaterThan(200);
    expect(swept.map((op) => `${op.method} ${op.path}`)).toContain('POST /api/trans/dispatch/assign');
    const leaks: string[] = [];
    const broken: string[] = [];
    const allowedAnswers: string[] = [];
    for (const op of swept) {
      const payload = op.body ? sampleValue(op.body) : undefined;
      // Calls without an id are made once; calls with one, with each candidate.
      const tries =
        /\{\w+\}|id=/i.test(urlOf(op, 0)) || op.params.some((p) => /id$/i.test(p.name))
          ? candidates
          : candidates.slice(0, 1);
      for (const { label, id } of tries) {
        const url = urlOf(op, id);
        const res = await t.as(DRIVER).send({ method: op.method as ApiMethod, url, payload });
        const line = `${op.method} ${url} (${label}) -> ${res.statusCode}`;
        if (res.statusCode === 401 || res.statusCode >= 500) broken.push(`${line} ${res.body.slice(0, 120)}`);
        else if (res.statusCode < 300) (allowed(op) ? allowedAnswers : leaks).push(line);
        else expect(res.json().code, line).toEqual(expect.any(String));
      }
    }
    expect(broken).toEqual([]);
    expect(leaks).toEqual([]);
    // The sweep reached the calls a driver may make: its token was live throughout.
    expect(allowedAnswers.some((a) => a.startsWith('GET /api/permissions'))).toBe(true);
  }, 300_000);
});
