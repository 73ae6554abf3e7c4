import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from '../../../test/fixtures/demo-data';
import { type Caller, createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, permits, unitMeasures, wastes } from '../../db/schema';

let t: TestContext;
const transporter = 'transporter';
const other = 'platform';
const url = '/trans/disposal-unit-prices';
let wasteA: number;
let wasteB: number;
let wasteC: number;
let childOfA: number;
let kg: number;
let m3: number;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await t.db
    .insert(wastes)
    .values([
      { category: 'INDUSTRIAL', name: '汚泥(処分テスト)', wasteCode: 'TDUP001', level: 1 },
      { category: 'INDUSTRIAL', name: '廃油(処分テスト)', wasteCode: 'TDUP002', level: 1 },
      { category: 'INDUSTRIAL', name: '廃酸(処分テスト)', wasteCode: 'TDUP003', level: 1 },
    ])
    .returning({ id: wastes.id });
  wasteA = a!.id;
  wasteB = b!.id;
  wasteC = (await t.db.select({ id: wastes.id }).from(wastes).where(eq(wastes.wasteCode, 'TDUP003')))[0]!.id;
  const [child] = await t.db
    .insert(wastes)
    .values({
      category: 'INDUSTRIAL',
      name: '有機性汚泥(処分テスト)',
      wasteCode: 'TDUP011',
      level: 2,
      parentId: wasteA,
      parentPath: `/${wasteA}/`,
    })
    .returning({ id: wastes.id });
  childOfA = child!.id;
  // Disposal permits: 東都 for A and B from 2026-01-01, the platform for A; 東都 also holds a transport permit
  // for C and a retired disposal permit for C, neither of which lets it price C's disposal.
  const toto = await companyId(t.db, '東都環境サービス株式会社');
  const platform = await companyId(t.db, 'junkan収集運搬');
  const permit = { districtCode: '14100', issueDate: '2026-01-01', expiryDate: '2099-12-31' };
  await t.db.insert(permits).values([
    { ...permit, companyId: toto, licenseNumber: 'TDUP-1', kind: 'DISPOSAL', wasteKindIds: [wasteA, wasteB] },
    { ...permit, companyId: platform, licenseNumber: 'TDUP-2', kind: 'DISPOSAL', wasteKindIds: [wasteA] },
    {
      ...permit,
      companyId: toto,
      licenseNumber: 'TDUP-3',
      kind: 'COLLECTION_TRANSPORT',
      wasteKindIds: [wasteC],
    },
    {
      ...permit,
      companyId: toto,
      licenseNumber: 'TDUP-4',
      kind: 'DISPOSAL',
      wasteKindIds: [wasteC],
      retiredAt: new Date(),
    },
  ]);
  const units = await t.db
    .insert(unitMeasures)
    .values([
      { code: 'TDU1', unit: 'kg(処分テスト)' },
      { code: 'TDU2', unit: 'm³(処分テスト)' },
    ])
    .returning({ id: unitMeasures.id });
  kg = units[0]!.id;
  m3 = units[1]!.id;
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const body = (over: Body = {}): Body => ({
  wasteId: wasteA,
  unitMeasureId: kg,
  unitPrice: 35,
  validFrom: '2026-04-01',
  validTo: '2027-03-31',
  ...over,
});
const post = (who: Caller | null, payload: Body) => t.as(who).post(url, payload);

describe('disposal unit prices', () => {
  let firstId: number;

  it('lets a transporter register a price, answered with the waste and unit, and audits it', async () => {
    const res = await post(transporter, body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      wasteId: wasteA,
      wasteName: '汚泥(処分テスト)',
      wasteCode: 'TDUP001',
      unitMeasureId: kg,
      unit: 'kg(処分テスト)',
      unitPrice: 35,
      validFrom: '2026-04-01',
      validTo: '2027-03-31',
    });
    firstId = res.json().id;
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'disposal_unit_price'), eq(auditLogs.entityId, String(firstId))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses an overlapping period of the same waste and unit (409 on validFrom)', async () => {
    const overlap = await post(transporter, body({ validFrom: '2027-03-31', validTo: null }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'period_overlap', fields: { validFrom: 'period_overlap' } });
    const inside = await post(transporter, body({ validFrom: '2026-05-01', validTo: '2026-05-31' }));
    expect(inside.statusCode).toBe(409);
  });

  it('allows the next period, another unit, another waste, and another company the same period', async () => {
    expect(
      (await post(transporter, body({ validFrom: '2027-04-01', validTo: null, unitPrice: 40 }))).statusCode,
    ).toBe(200);
    expect((await post(transporter, body({ unitMeasureId: m3, unitPrice: 9000 }))).statusCode).toBe(200);
    expect((await post(transporter, body({ wasteId: wasteB }))).statusCode).toBe(200);
    expect((await post(other, body())).statusCode).toBe(200);
  });

  it('lists only the own company prices, paged, filtered and sorted', async () => {
    const page = (await t.as(transporter).get(`${url}?size=2&sort=unitPrice&order=desc`)).json();
    expect(page.total).toBe(4);
    expect(page.items).toHaveLength(2);
    expect(page.items.map((p: Body) => p.unitPrice)).toEqual([9000, 40]);
    const second = (await t.as(transporter).get(`${url}?size=2&page=2&sort=unitPrice&order=desc`)).json();
    expect(second.items.map((p: Body) => p.unitPrice)).toEqual([35, 35]);
    const byKeyword = (await t.as(transporter).get(`${url}?keyword=TDUP002`)).json();
    expect(byKeyword.items.map((p: Body) => p.wasteId)).toEqual([wasteB]);
    const theirs = (await t.as(other).get(url)).json();
    expect(theirs.total).toBe(1);
  });

  it('updates a price, checking the overlap against the others only', async () => {
    const same = await t.as(transporter).put(`${url}/${firstId}`, body({ unitPrice: 36 }));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().unitPrice).toBe(36);
    const clash = await t.as(transporter).put(`${url}/${firstId}`, body({ validTo: '2027-04-01' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toEqual({ validFrom: 'period_overlap' });
  });

  it('refuses a waste kind no live disposal permit covers on the first day (409 on wasteId)', async () => {
    // C: only a transport permit and a retired disposal permit.
    const uncovered = await post(transporter, body({ wasteId: wasteC }));
    expect(uncovered.statusCode).toBe(409);
    expect(uncovered.json()).toMatchObject({
      code: 'disposal_permit_required',
      fields: { wasteId: 'disposal_permit_required' },
    });
    // Before the permit's issue date.
    const early = await post(transporter, body({ wasteId: wasteB, validFrom: '2025-12-31', validTo: null }));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('disposal_permit_required');
    // The platform's permit covers A only; an update to B is refused as well.
    expect((await post(other, body({ wasteId: wasteB }))).statusCode).toBe(409);
    const own = (await t.as(other).get(url)).json().items[0];
    const moved = await t.as(other).put(`${url}/${own.id}`, body({ wasteId: wasteB }));
    expect(moved.statusCode).toBe(409);
    expect(moved.json().fields).toEqual({ wasteId: 'disposal_permit_required' });
  });

  it('takes a sub-class as covered by its major class', async () => {
    const res = await post(transporter, body({ wasteId: childOfA, validFrom: '2040-01-01', validTo: null }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.as(transporter).delete(`${url}/${res.json().id}`)).statusCode).toBe(200);
  });

  it('answers the kinds the live disposal permits cover today, and none to a company without', async () => {
    const mine = (await t.as(transporter).get(`${url}/permits`)).json();
    expect(mine.wasteKinds.map((k: Body) => k.id).sort()).toEqual([wasteA, wasteB].sort());
    expect(mine.wasteKinds.map((k: Body) => k.name)).toContain('汚泥(処分テスト)');
    const theirs = (await t.as(other).get(`${url}/permits`)).json();
    expect(theirs.wasteKinds.map((k: Body) => k.id)).toEqual([wasteA]);
    expect((await t.as('discharger').get(`${url}/permits`)).statusCode).toBe(403);
  });

  it('does not reach another company price (404) and deletes its own', async () => {
    const theirs = (await t.as(other).get(url)).json().items[0];
    expect((await t.as(transporter).put(`${url}/${theirs.id}`, body())).statusCode).toBe(404);
    expect((await t.as(transporter).delete(`${url}/${theirs.id}`)).statusCode).toBe(404);
    expect((await t.as(other).get(url)).json().items[0].unitPrice).toBe(35);
    const del = await t.as(transporter).delete(`${url}/${firstId}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ result: true });
    expect((await t.as(transporter).delete(`${url}/${firstId}`)).statusCode).toBe(404);
    expect((await t.as(transporter).put(`${url}/${firstId}`, body())).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and unknown references with 404 on the field', async () => {
    const bad: Body[] = [
      body({ validFrom: '2030-01-02', validTo: '2030-01-01' }),
      body({ validFrom: '2026-02-30' }),
      body({ unitPrice: -1 }),
      body({ unitPrice: 1.5 }),
      body({ unitPrice: 100_000_000 }),
      body({ unitPrice: '35' }),
      body({ wasteId: 99_999_999_999 }),
      body({ unitMeasureId: null }),
      body({ validFrom: '2026-04-01\u0000' }),
      body({ validFrom: '\ud800' }),
      {},
    ];
    for (const payload of bad) {
      const res = await post(transporter, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const period = await post(transporter, body({ validFrom: '2030-01-02', validTo: '2030-01-01' }));
    expect(period.json()).toMatchObject({ code: 'invalid_period', fields: { validTo: 'invalid_period' } });
    const noWaste = await post(
      transporter,
      body({ wasteId: 1_999_999, validFrom: '2040-01-01', validTo: null }),
    );
    expect(noWaste.statusCode).toBe(404);
    expect(noWaste.json().fields).toEqual({ wasteId: 'not_found' });
    expect((await t.as(transporter).get(`${url}?size=0`)).statusCode).toBe(400);
    expect((await t.as(transporter).get(`${url}?sort=password`)).statusCode).toBe(400);
    expect((await t.as(transporter).delete(`${url}/abc`)).statusCode).toBe(400);
    expect((await t.as(transporter).delete(`${url}/99999999999999`)).statusCode).toBe(400);
  });

  it('keeps a waste and a unit in use from being deleted from the masters', async () => {
    const res = await t.as('admin').delete(`/unit-measure/${m3}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'in_use_cannot_delete',
      params: { usedBy: 'disposalUnitPrices' },
    });
    const waste = await t.as('admin').delete(`/waste/${wasteB}`);
    expect(waste.statusCode).toBe(409);
    expect(waste.json()).toMatchObject({
      code: 'in_use_cannot_delete',
      params: { usedBy: 'disposalUnitPrices' },
    });
  });
});

describe('who may call', () => {
  it('refuses dischargers (403), non-acting admins (403) and anonymous callers (401)', async () => {
    for (const user of ['discharger', 'admin']) {
      expect((await t.as(user).get(url)).statusCode).toBe(403);
      expect((await post(user, body())).statusCode).toBe(403);
      expect((await t.as(user).put(`${url}/1`, body())).statusCode).toBe(403);
      expect((await t.as(user).delete(`${url}/1`)).statusCode).toBe(403);
    }
    expect((await t.anonymous.get(url)).statusCode).toBe(401);
    expect((await post(null, body())).statusCode).toBe(401);
  });

  it('lets an admin acting for the transporter work on that company prices', async () => {
    const list = (await t.as('admin').get('/admin/companies/transport')).json();
    const toto = list.find((c: Body) => c.name === '東都環境サービス株式会社');
    const acting = (
      await t.as('admin').post(`/admin/companies/${toto.id}/auth-token?isTransport=true`)
    ).json<{ token: string }>();
    const created = await post(acting, body({ wasteId: wasteB, unitMeasureId: m3 }));
    expect(created.statusCode, created.body).toBe(200);
    const mine = (await t.as(transporter).get(`${url}?keyword=TDUP002`)).json();
    expect(mine.items.map((p: Body) => p.id)).toContain(created.json().id);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.entity, 'disposal_unit_price'), eq(auditLogs.entityId, String(created.json().id))),
      );
    expect(audit?.adminId).not.toBeNull();
  });
});
