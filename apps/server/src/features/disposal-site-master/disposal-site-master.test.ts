import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, companies, disposalMethods, transportOperatorProfiles } from '../../db/schema';

let t: TestContext;
const admin = 'admin';
let methodId: number;
beforeAll(async () => {
  t = await createTestApp();
  // The disposal methods master is another feature; one method of our own is enough here.
  const [method] = await t.db
    .insert(disposalMethods)
    .values({ code: 'T9001', method: 'テスト焼却' })
    .returning({ id: disposalMethods.id });
  methodId = method!.id;
});
afterAll(() => t.close());

const BASE = '/api/disposal-site-master';
const valid = (over: Record<string, unknown> = {}) => ({
  name: '東京湾岸処分場',
  city: '江東区',
  address1: '東京都',
  address2: '江東区青海',
  address3: '3-1-1',
  licenseNumber: '13-20-000123',
  expireDate: '2030-03-31',
  disposalMethodId: methodId,
  capacity: '100t/日',
  subscriberNumber: 'B765432',
  manifestPermitNumber: 'MP-0001',
  ...over,
});

const create = (body: unknown, user = admin) => t.as(user).post(BASE, body);
const lastCode = async () => (await t.as(admin).get(`${BASE}/last-code`)).json().lastCode as string | null;

describe('POST /api/disposal-site-master', () => {
  it('numbers the site after the last code, answers it with the method name, and audits it', async () => {
    const before = await lastCode();
    const res = await create(valid());
    expect(res.statusCode).toBe(200);
    const site = res.json();
    const expected = String(Number(before ?? '0') + 1).padStart(5, '0');
    expect(site).toMatchObject({ ...valid(), code: expected, method: 'テスト焼却' });
    expect(await lastCode()).toBe(expected);
    const audit = await t.db.query.auditLogs.findFirst({
      where: and(eq(auditLogs.entity, 'disposal_site'), eq(auditLogs.entityId, String(site.id))),
    });
    expect(audit).toMatchObject({ action: 'create' });
  });

  it('keeps only the name required; blank optional fields are stored empty', async () => {
    const res = await create({ name: '最小限の処分場' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      city: '',
      expireDate: null,
      disposalMethodId: null,
      method: null,
      subscriberNumber: null,
    });
    const blanks = await create({
      name: '空欄の処分場',
      expireDate: '',
      subscriberNumber: '',
      disposalMethodId: null,
    });
    expect(blanks.statusCode).toBe(200);
  });

  it('gives two concurrent creates two different codes', async () => {
    const [a, b] = await Promise.all([create(valid({ name: '同時A' })), create(valid({ name: '同時B' }))]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().code).not.toBe(b.json().code);
  });

  it.each([
    [{ name: '' }, 'name', 'MSG_00_21'],
    [{ name: undefined }, 'name', 'MSG_00_21'],
    [{ name: 'あ'.repeat(65) }, 'name', 'max_length_exceeded'],
    [{ city: 'あ'.repeat(33) }, 'city', 'max_length_exceeded'],
    [{ address3: 'x'.repeat(81) }, 'address3', 'max_length_exceeded'],
    [{ subscriberNumber: 'AB12' }, 'subscriberNumber', 'MSG_05_2'],
    [{ subscriberNumber: 'AB-1234' }, 'subscriberNumber', 'MSG_05_2'],
    [{ expireDate: '2030/03/31' }, 'expireDate', 'invalid_format'],
    [{ disposalMethodId: 'x' }, 'disposalMethodId', 'invalid_format'],
    [{ capacity: 12 }, 'capacity', 'invalid_format'],
  ])('refuses %o (400 %s %s)', async (over, field, code) => {
    const res = await create(valid(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(code);
  });

  it('refuses an unknown disposal method on its field', async () => {
    const res = await create(valid({ disposalMethodId: 999999 }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', fields: { disposalMethodId: 'not_found' } });
  });
});

describe('GET /api/disposal-site-master', () => {
  it('pages, searches and sorts', async () => {
    for (const name of ['検索用 A処分場', '検索用 B処分場', '検索用 C 100%処分場']) {
      expect((await create(valid({ name }))).statusCode).toBe(200);
    }
    const page = await t
      .as(admin)
      .get(`${BASE}?query=${encodeURIComponent('検索用')}&page=1&size=2&sort=name&order=desc`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(body.items.map((s: { name: string }) => s.name)).toEqual([
      '検索用 C 100%処分場',
      '検索用 B処分場',
    ]);
    // LIKE wildcards in the keyword match literally.
    const percent = await t.as(admin).get(`${BASE}?query=${encodeURIComponent('100%')}`);
    expect(percent.json().items.map((s: { name: string }) => s.name)).toEqual(['検索用 C 100%処分場']);
    // Default order: code ascending.
    const all = (await t.as(admin).get(`${BASE}?size=100`)).json();
    const codes = all.items.map((s: { code: string }) => s.code);
    expect(codes).toEqual([...codes].sort());
  });

  it('refuses a bad sort key or page size', async () => {
    for (const qs of ['sort=password', 'size=1000', 'page=0', 'order=up']) {
      expect((await t.as(admin).get(`${BASE}?${qs}`)).statusCode).toBe(400);
    }
  });
});

describe('PUT and DELETE /api/disposal-site-master/{id}', () => {
  it('updates a site and keeps its code', async () => {
    const site = (await create(valid({ name: '更新前' }))).json();
    const res = await t
      .as(admin)
      .put(`${BASE}/${site.id}`, valid({ name: '更新後', disposalMethodId: null }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: site.id, code: site.code, name: '更新後', method: null });
  });

  it('answers 404 for an unknown site and 400 for bad input', async () => {
    const put = await t.as(admin).put(`${BASE}/999999`, valid());
    expect(put.statusCode).toBe(404);
    const bad = await t.as(admin).put(`${BASE}/1`, { name: '' });
    expect(bad.statusCode).toBe(400);
    const del = await t.as(admin).delete(`${BASE}/999999`);
    expect(del.statusCode).toBe(404);
    const badId = await t.as(admin).delete(`${BASE}/abc`);
    expect(badId.statusCode).toBe(400);
  });

  it('refuses to delete a site a transport operator names as destination, then deletes it once freed', async () => {
    const site = (await create(valid({ name: '使用中の処分場' }))).json();
    const transport = await t.db.query.companies.findFirst({ where: eq(companies.type, 'TRANSPORT') });
    await t.db
      .insert(transportOperatorProfiles)
      .values({ companyId: transport!.id, destinationDisposalSiteId: site.id })
      .onConflictDoUpdate({
        target: transportOperatorProfiles.companyId,
        set: { destinationDisposalSiteId: site.id },
      });
    const refused = await t.as(admin).delete(`${BASE}/${site.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'in_use_cannot_delete',
      params: { usedBy: 'transportOperators' },
    });

    await t.db
      .update(transportOperatorProfiles)
      .set({ destinationDisposalSiteId: null })
      .where(eq(transportOperatorProfiles.companyId, transport!.id));
    const ok = await t.as(admin).delete(`${BASE}/${site.id}`);
    expect(ok.statusCode).toBe(200);
    const again = await t.as(admin).delete(`${BASE}/${site.id}`);
    expect(again.statusCode).toBe(404);
    const audit = await t.db.query.auditLogs.findFirst({
      where: and(eq(auditLogs.entity, 'disposal_site'), eq(auditLogs.action, 'delete')),
    });
    expect(audit?.entityId).toBe(String(site.id));
  });
});

describe('permissions', () => {
  it('refuses operators (403) and anonymous callers (401) on every call', async () => {
    const calls = [
      { method: 'GET' as const, url: BASE },
      { method: 'GET' as const, url: `${BASE}/last-code` },
      { method: 'POST' as const, url: BASE, payload: valid() },
      { method: 'PUT' as const, url: `${BASE}/1`, payload: valid() },
      { method: 'DELETE' as const, url: `${BASE}/1` },
    ];
    for (const email of ['discharger@example.com', 'transporter@example.com']) {
      for (const call of calls) {
        expect((await t.as(email).send(call)).statusCode, call.url).toBe(403);
      }
    }
    for (const call of calls) expect((await t.anonymous.send(call)).statusCode).toBe(401);
  });
});
