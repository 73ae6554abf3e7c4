import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../../test/fixtures/upload-files';
import {
  type ApiMethod,
  createTestApp,
  decodeClaims,
  signRawToken,
  type TestContext,
} from '../../../test/test-app';
import { manifests, projects, transportReports } from '../../db/schema';
import { type Operation, operationsOf, sampleValue } from './openapi-sweep';

/**
 * Who may call what, from the OpenAPI document: every call not marked public (no `security: []`) refuses
 * a missing, forged, expired or unsigned token; and the main features' objects of one company are not
 * reachable by id for a user of another (404 or 403, never the object).
 */

let t: TestContext;
let ops: (Operation & { isPublic: boolean })[] = [];

interface OpenApiOp {
  security?: unknown[];
}

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOp>> };
  ops = operationsOf(doc).map((op) => ({
    ...op,
    isPublic: Array.isArray(doc.paths[op.path]?.[op.method.toLowerCase()]?.security)
      ? doc.paths[op.path]![op.method.toLowerCase()]!.security!.length === 0
      : false,
  }));
});
afterAll(() => t?.close());

const urlOf = (op: Operation, ids: Record<string, string | number> = {}) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(ids[name] ?? sampleValue(op.params.find((p) => p.name === name)?.schema ?? {}, name)),
  );

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('calls that need a token', () => {
  it('the document marks the public calls, and only those', () => {
    const publicPaths = ops.filter((op) => op.isPublic).map((op) => `${op.method} ${op.path}`);
    expect(publicPaths).toContain('POST /api/auth/login');
    expect(publicPaths).toContain('POST /api/auth/signup');
    expect(publicPaths).not.toContain('GET /api/projects');
    expect(ops.length - publicPaths.length).toBeGreaterThan(100);
  });

  it('refuse no token, a forged, an expired and an unsigned token with 401', async () => {
    const claims = decodeClaims(await t.as('discharger').token());
    const now = Math.floor(Date.now() / 1000);
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const body = b64(claims);
    const badTokens: Record<string, string | null> = {
      none: null,
      forged: `${header}.${body}.${createHmac('sha256', 'not-the-secret').update(`${header}.${body}`).digest('base64url')}`,
      expired: signRawToken(t.config.jwtSecret, { ...claims, iat: now - 7200, exp: now - 3600 }),
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${body}.`,
      'alg none, no dot': `${b64({ alg: 'none', typ: 'JWT' })}.${body}`,
      garbage: 'not-a-jwt',
    };
    const admitted: string[] = [];
    for (const op of ops.filter((o) => !o.isPublic)) {
      for (const [kind, token] of Object.entries(badTokens)) {
        // Raw inject: the Authorization header itself is what this sweep varies.
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: urlOf(op),
          headers: token === null ? {} : { authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 401 || res.json().code === undefined)
          admitted.push(`${op.method} ${op.path} with ${kind} token -> ${res.statusCode}`);
      }
    }
    expect(admitted).toEqual([]);
  });
});

describe("another company's objects", () => {
  /** Calls of `prefix` with an `{id}`, as `who` on an object of another company: never 2xx; reads 403/404. */
  async function sweepById(prefixes: RegExp, who: string, ids: Record<string, number>) {
    const leaks: string[] = [];
    let checked = 0;
    for (const op of ops.filter((o) => prefixes.test(o.path) && o.path.includes('{'))) {
      const payload = op.body ? (sampleValue(op.body) as object) : undefined;
      const res = await t.as(who).send({ method: op.method as ApiMethod, url: urlOf(op, ids), payload });
      // A refusal may not tell the object's state (409) either; a malformed body (400) is refused before it.
      const allowed = op.method === 'GET' ? [403, 404] : [400, 403, 404];
      if (!allowed.includes(res.statusCode))
        leaks.push(`${op.method} ${urlOf(op, ids)} as ${who} -> ${res.statusCode}`);
      checked++;
    }
    return { leaks, checked };
  }

  it('projects, quotes, contracts and attachments of one company: a discharger of another gets 404/403', async () => {
    const [green] = await t.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.title, '銀座店 可燃ごみ定期回収'));
    // An attachment of the other company's draft quote request.
    const [draft] = await t.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.title, '梅田事業所 廃油処理'));
    const uploaded = await t
      .as('discharger2')
      .upload(`/projects/${draft!.id}/attachments`, '見積依頼書.pdf', samplePdf());
    expect(uploaded.statusCode).toBe(200);
    const attachmentId = uploaded.json<{ id: number }>().id;
    const own = await t.as('discharger2').get(`/projects/${draft!.id}/attachments/${attachmentId}`);
    expect(own.statusCode).toBe(200);

    const leaks: string[] = [];
    let checked = 0;
    for (const [projectId, others] of [
      [green!.id, ['discharger2', 'platform']],
      [draft!.id, ['discharger', 'transporter', 'platform']],
    ] as const) {
      for (const who of others) {
        const r = await sweepById(/^\/api\/(trans\/)?projects\/\{id\}/, who, {
          id: projectId,
          attachmentId,
        });
        leaks.push(...r.leaks);
        checked += r.checked;
      }
    }
    // The discharger's own project does not open the other company's attachment either.
    const cross = await t.as('discharger').get(`/projects/${green!.id}/attachments/${attachmentId}`);
    expect([403, 404]).toContain(cross.statusCode);
    expect(checked).toBeGreaterThan(40);
    expect(leaks).toEqual([]);
  });

  it('transport reports and manifests: the other discharger and the other transporter get 404/403', async () => {
    const [report] = await t.db.select().from(transportReports).limit(1);
    expect(report).toBeDefined();
    const [manifest] = await t.db
      .insert(manifests)
      .values({
        manifestNumber: '12345678901',
        projectId: report!.projectId,
        dischargerCompanyId: report!.dischargerCompanyId,
        transportCompanyId: report!.transportCompanyId,
        wasteName: '廃プラスチック類',
        deliveryDate: '2026-10-01',
      })
      .returning();
    // The owners see them.
    expect((await t.as('discharger').get(`/transport-reports/${report!.id}`)).statusCode).toBe(200);
    expect((await t.as('transporter').get(`/trans/transport-reports/${report!.id}`)).statusCode).toBe(200);
    expect((await t.as('discharger').get(`/manifests/${manifest!.manifestNumber}`)).statusCode).toBe(200);

    const leaks: string[] = [];
    let checked = 0;
    for (const who of ['discharger2', 'platform']) {
      const r = await sweepById(/^\/api\/(trans\/)?(transport-reports|manifests)\//, who, {
        id: report!.id,
        manifestNumber: Number(manifest!.manifestNumber),
      });
      leaks.push(...r.leaks);
      checked += r.checked;
    }
    expect(checked).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
  });

  it('achievement details of another company are refused or empty, never its figures', async () => {
    const [report] = await t.db.select().from(transportReports).limit(1);
    const [year, month] = report!.collectTime.split('-').map(Number) as [number, number];
    const detail = (who: string, prefix: string) =>
      t
        .as(who)
        .get(
          `${prefix}/achievements/detail?year=${year}&month=${month}&wasteType=1&wasteCode=0000000&wasteCompanyId=${report!.dischargerCompanyId}`,
        );
    for (const [who, prefix] of [
      ['discharger2', ''],
      ['platform', '/trans'],
    ] as const) {
      const res = await detail(who, prefix);
      if (res.statusCode === 200)
        expect(JSON.stringify(res.json())).not.toContain(report!.vehicleNumber ?? '—');
      else expect([403, 404]).toContain(res.statusCode);
    }
  });

  it('collection areas and closed days of one transporter: another transporter gets 404/403', async () => {
    const areas = await t.as('transporter').get('/collection-area?type=REGULAR');
    const areaId = areas.json<{ id: number }[]>()[0]!.id;
    const day = await t
      .as('transporter')
      .post('/business-calendar/closed-days', { date: '2026-12-30', reason: '年末' });
    expect(day.statusCode).toBe(200);
    const dayId = day.json<{ id: number }>().id;
    const leaks: string[] = [];
    for (const [method, url, payload] of [
      [
        'PUT',
        `/api/collection-area/${areaId}`,
        sampleValue(ops.find((o) => o.method === 'PUT' && o.path === '/api/collection-area/{id}')!.body!),
      ],
      ['DELETE', `/api/collection-area/${areaId}`, undefined],
      ['DELETE', `/api/business-calendar/closed-days/${dayId}`, undefined],
    ] as const) {
      const res = await t.as('platform').send({ method, url, payload });
      if (![403, 404].includes(res.statusCode)) leaks.push(`${method} ${url} -> ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
    // Still there for their owner.
    const still = await t.as('transporter').get('/collection-area?type=REGULAR');
    expect(still.json<{ id: number }[]>().map((a) => a.id)).toContain(areaId);
  });
});

describe('the wrong role', () => {
  /** Every call under `prefix`, as `who`: refused with 403 before its input is read. */
  async function sweepRole(prefix: string, who: string) {
    const admitted: string[] = [];
    const swept = ops.filter((o) => !o.isPublic && o.path.startsWith(prefix));
    for (const op of swept) {
      const payload = op.body ? sampleValue(op.body) : undefined;
      const res = await t.as(who).send({ method: op.method as ApiMethod, url: urlOf(op), payload });
      if (res.statusCode !== 403) admitted.push(`${op.method} ${op.path} as ${who} -> ${res.statusCode}`);
    }
    return { admitted, swept: swept.length };
  }

  it("a discharger is refused every transporter's call, a transporter every administrator's", async () => {
    const trans = await sweepRole('/api/trans/', 'discharger');
    expect(trans.swept).toBeGreaterThan(10);
    expect(trans.admitted).toEqual([]);
    const admin = await sweepRole('/api/admin/', 'transporter');
    expect(admin.swept).toBeGreaterThan(3);
    expect(admin.admitted).toEqual([]);
  });
});
