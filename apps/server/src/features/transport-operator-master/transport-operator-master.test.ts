import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, companies, disposalSites } from '../../db/schema';

let t: TestContext;
const admin = 'admin';
let toto: number;
let siteId: number;
beforeAll(async () => {
  t = await createTestApp();
  toto = (await t.db.query.companies.findFirst({ where: eq(companies.name, '東都環境サービス株式会社') }))!
    .id;
  const [site] = await t.db
    .insert(disposalSites)
    .values({ code: '90001', name: '運搬先テスト処分場' })
    .returning({ id: disposalSites.id });
  siteId = site!.id;
});
afterAll(() => t.close());

const BASE = '/api/admin/transport-operators';
const put = (companyId: number, body: unknown, user = admin) => t.as(user).put(`${BASE}/${companyId}`, body);

describe('GET /api/admin/transport-operators', () => {
  it('lists the transport companies only, with an empty profile until one is saved', async () => {
    const res = await t.as(admin).get(BASE);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((o: { companyName: string }) => o.companyName).sort()).toEqual(
      ['junkan収集運搬', '東都環境サービス株式会社'].sort(),
    );
    expect(body).toMatchObject({ total: 2, page: 1, size: 20 });
    expect(body.items[0]).toMatchObject({ contractManager: '', compatibleAreas: [], destination: null });
  });

  it('searches by company name or contract manager and pages', async () => {
    await put(toto, { contractManager: '佐藤花子', compatibleAreas: [], destinationDisposalSiteId: null });
    const byName = await t.as(admin).get(`${BASE}?query=${encodeURIComponent('東都')}`);
    expect(byName.json().items.map((o: { companyId: number }) => o.companyId)).toEqual([toto]);
    const byManager = await t.as(admin).get(`${BASE}?query=${encodeURIComponent('佐藤')}`);
    expect(byManager.json().total).toBe(1);
    const page2 = await t.as(admin).get(`${BASE}?page=2&size=1`);
    expect(page2.json()).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(page2.json().items).toHaveLength(1);
  });
});

describe('PUT and GET /api/admin/transport-operators/{companyId}', () => {
  it('saves the profile (areas in prefecture order) and answers it, also on GET; audits it', async () => {
    const res = await put(toto, {
      contractManager: '山田太郎',
      compatibleAreas: ['神奈川県', '東京都', '北海道', '東京都'],
      destinationDisposalSiteId: siteId,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      companyId: toto,
      companyName: '東都環境サービス株式会社',
      contractManager: '山田太郎',
      compatibleAreas: ['北海道', '東京都', '神奈川県'],
      destination: { id: siteId, code: '90001', name: '運搬先テスト処分場' },
    };
    expect(res.json()).toMatchObject(expected);
    const got = await t.as(admin).get(`${BASE}/${toto}`);
    expect(got.json()).toMatchObject(expected);
    // Saving again replaces the profile.
    const cleared = await put(toto, {
      contractManager: '',
      compatibleAreas: [],
      destinationDisposalSiteId: null,
    });
    expect(cleared.json()).toMatchObject({ contractManager: '', compatibleAreas: [], destination: null });
    const audits = await t.db.query.auditLogs.findMany({
      where: and(eq(auditLogs.entity, 'transport_operator'), eq(auditLogs.entityId, String(toto))),
    });
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for a discharger company or an unknown company', async () => {
    const green = await t.db.query.companies.findFirst({ where: eq(companies.type, 'WASTE') });
    const body = { contractManager: '', compatibleAreas: [], destinationDisposalSiteId: null };
    expect((await put(green!.id, body)).statusCode).toBe(404);
    expect((await put(999999, body)).statusCode).toBe(404);
    expect((await t.as(admin).get(`${BASE}/${green!.id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown destination on its field', async () => {
    const res = await put(toto, {
      contractManager: '',
      compatibleAreas: [],
      destinationDisposalSiteId: 999999,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields).toEqual({ destinationDisposalSiteId: 'not_found' });
  });

  it.each([
    [{ compatibleAreas: ['東京'] }, 'compatibleAreas.0'],
    [{ compatibleAreas: '東京都' }, 'compatibleAreas'],
    [{ contractManager: 'あ'.repeat(17) }, 'contractManager'],
    [{ destinationDisposalSiteId: 'x' }, 'destinationDisposalSiteId'],
  ])('refuses %o (400 on %s)', async (over, field) => {
    const res = await put(toto, {
      contractManager: '',
      compatibleAreas: [],
      destinationDisposalSiteId: null,
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });
});

describe('permissions', () => {
  it('refuses operators (403) and anonymous callers (401)', async () => {
    const body = { contractManager: '', compatibleAreas: [], destinationDisposalSiteId: null };
    const calls = [
      { method: 'GET' as const, url: BASE },
      { method: 'GET' as const, url: `${BASE}/${toto}` },
      { method: 'PUT' as const, url: `${BASE}/${toto}`, payload: body },
    ];
    for (const email of ['discharger@example.com', 'transporter@example.com']) {
      for (const call of calls) expect((await t.as(email).send(call)).statusCode).toBe(403);
    }
    for (const call of calls) expect((await t.anonymous.send(call)).statusCode).toBe(401);
  });
});

describe('a destination whose license has expired', () => {
  it('cannot be chosen (409 next to the field), while one already saved stays on other edits', async () => {
    const [expired] = await t.db
      .insert(disposalSites)
      .values({ code: '90002', name: '許可切れ処分場', expireDate: '2020-03-31' })
      .returning({ id: disposalSites.id });
    const chosen = await put(toto, {
      contractManager: '山田太郎',
      compatibleAreas: [],
      destinationDisposalSiteId: expired!.id,
    });
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json()).toMatchObject({
      code: 'disposal_site_license_expired',
      fields: { destinationDisposalSiteId: 'disposal_site_license_expired' },
    });

    // Saved while its license was in force, then lapsed: editing the manager keeps it.
    await put(toto, { contractManager: '山田太郎', compatibleAreas: [], destinationDisposalSiteId: siteId });
    await t.db.update(disposalSites).set({ expireDate: '2020-03-31' }).where(eq(disposalSites.id, siteId));
    const kept = await put(toto, {
      contractManager: '鈴木一郎',
      compatibleAreas: [],
      destinationDisposalSiteId: siteId,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    await t.db.update(disposalSites).set({ expireDate: null }).where(eq(disposalSites.id, siteId));
  });
});
