import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, companies, unitMeasures, wastes } from '../../db/schema';

let t: TestContext;
const transporter = 'transporter';
const platform = 'platform';
let regularWaste: number;
let industrialWaste: number;
let unitId: number;

beforeAll(async () => {
  t = await createTestApp();
  // The feature's own wastes and unit, whatever the reference data holds.
  const [r, i] = await t.db
    .insert(wastes)
    .values([
      { category: 'REGULAR', name: '可燃ごみ(テスト)', wasteCode: 'TAREA01', level: 1 },
      { category: 'INDUSTRIAL', name: '廃プラスチック類(テスト)', wasteCode: 'TAREA02', level: 1 },
    ])
    .returning({ id: wastes.id });
  regularWaste = r!.id;
  industrialWaste = i!.id;
  const [u] = await t.db
    .insert(unitMeasures)
    .values({ code: 'TAREA', unit: 'kg(テスト)' })
    .returning({ id: unitMeasures.id });
  unitId = u!.id;
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
let seq = 0;
/** A valid REGULAR area with unique name and postal code. */
const area = (over: Body = {}): Body => {
  seq += 1;
  return {
    areaName: `エリア${seq}`,
    type: 'REGULAR',
    posCodes: [`100-${String(1000 + seq)}`],
    licenseNumber: '',
    administrativeDistrict: '',
    prices: [],
    ...over,
  };
};
const price = (over: Body = {}): Body => ({
  wasteId: regularWaste,
  unitMeasureId: unitId,
  unitPrice: 1200,
  validFrom: '2026-04-01',
  validTo: null,
  ...over,
});

const post = (who: Caller | null, payload: Body) => t.as(who).post('/collection-area', payload);
const put = (who: Caller, id: number, payload: Body) => t.as(who).put(`/collection-area/${id}`, payload);

describe('POST /api/collection-area', () => {
  it('creates an area with postal codes and prices, and audits it', async () => {
    const res = await post(
      transporter,
      area({
        areaName: '江東区東部',
        posCodes: ['135-0016', '135-0011'],
        licenseNumber: '第13-01-000001号',
        administrativeDistrict: '江東区',
        prices: [
          price({ validFrom: '2026-04-01', validTo: '2027-03-31' }),
          price({ unitPrice: 1300, validFrom: '2027-04-01' }),
          price({ wasteId: null, unitPrice: 900, validFrom: '2026-04-01' }),
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      areaName: '江東区東部',
      type: 'REGULAR',
      posCodes: ['135-0011', '135-0016'],
      licenseNumber: '第13-01-000001号',
      administrativeDistrict: '江東区',
    });
    expect(body.prices).toHaveLength(3);
    expect(body.prices.find((p: Body) => p.unitPrice === 1300)).toMatchObject({
      wasteId: regularWaste,
      wasteName: '可燃ごみ(テスト)',
      unit: 'kg(テスト)',
      validFrom: '2027-04-01',
      validTo: null,
    });
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'collection_area'), eq(auditLogs.entityId, String(body.id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses a duplicate area name of the same type (409), allows it for the other type', async () => {
    const first = await post(transporter, area({ areaName: '重複名' }));
    expect(first.statusCode).toBe(200);
    const dup = await post(transporter, area({ areaName: '重複名' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'area_name_already_used',
      fields: { areaName: 'area_name_already_used' },
    });
    const other = await post(transporter, area({ areaName: '重複名', type: 'INDUSTRIAL' }));
    expect(other.statusCode).toBe(200);
  });

  it('refuses a postal code already in another area of the company and type (409)', async () => {
    // The demo transporter's 銀座・京橋 area holds 104-0061 already.
    const dup = await post(transporter, area({ posCodes: ['104-0062', '104-0061'] }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'pos_code_already_used',
      fields: { 'posCodes.1': 'pos_code_already_used' },
      params: { posCode: '104-0061' },
    });
    // The same code twice in one request.
    const twice = await post(transporter, area({ posCodes: ['104-0070', '104-0070'] }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields).toEqual({ 'posCodes.1': 'pos_code_already_used' });
    // Other type, or another company: allowed (the demo's 東都 holds 104-0061 for both types already).
    expect((await post(transporter, area({ type: 'INDUSTRIAL', posCodes: ['104-0069'] }))).statusCode).toBe(
      200,
    );
    expect((await post(transporter, area({ posCodes: ['104-0069'] }))).statusCode).toBe(200);
    expect((await post(platform, area({ posCodes: ['104-0061'] }))).statusCode).toBe(200);
  });

  it('refuses a license number and district already used in the company and type (409)', async () => {
    const lic = { licenseNumber: '第05-01-123456号', administrativeDistrict: '中央区' };
    expect((await post(transporter, area(lic))).statusCode).toBe(200);
    const dup = await post(transporter, area(lic));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'license_already_used',
      fields: { licenseNumber: 'license_already_used' },
    });
    // Another district, or no license at all, is fine.
    expect((await post(transporter, area({ ...lic, administrativeDistrict: '港区' }))).statusCode).toBe(200);
    expect((await post(transporter, area())).statusCode).toBe(200);
    expect((await post(transporter, area())).statusCode).toBe(200);
  });

  it('refuses overlapping price periods of the same waste (409 period_overlap)', async () => {
    const res = await post(
      transporter,
      area({
        prices: [
          price({ validFrom: '2026-04-01', validTo: '2026-09-30' }),
          price({ validFrom: '2026-09-30' }),
        ],
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'period_overlap',
      fields: { 'prices.0.validFrom': 'period_overlap', 'prices.1.validFrom': 'period_overlap' },
    });
    // Open-ended periods overlap anything later.
    const open = await post(
      transporter,
      area({ prices: [price(), price({ validFrom: '2030-01-01', validTo: '2030-12-31' })] }),
    );
    expect(open.json().code).toBe('period_overlap');
    // Different wastes may share a period.
    const ok = await post(transporter, area({ prices: [price(), price({ wasteId: null })] }));
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an end date before the start date (400 invalid_period)', async () => {
    const res = await post(
      transporter,
      area({ prices: [price({ validFrom: '2026-04-02', validTo: '2026-04-01' })] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_period',
      fields: { 'prices.0.validTo': 'invalid_period' },
    });
  });

  it('refuses a waste of the other category or one that does not exist', async () => {
    const wrong = await post(transporter, area({ prices: [price({ wasteId: industrialWaste })] }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ 'prices.0.wasteId': 'invalid_format' });
    const missing = await post(transporter, area({ prices: [price({ wasteId: 999_999 })] }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().fields).toEqual({ 'prices.0.wasteId': 'not_found' });
  });

  it.each([
    ['missing area name', { areaName: undefined }, 'areaName', 'MSG_00_21'],
    ['blank area name', { areaName: '   ' }, 'areaName', 'MSG_00_21'],
    ['area name too long', { areaName: 'あ'.repeat(33) }, 'areaName', 'max_length_exceeded'],
    ['unknown type', { type: 'BULKY' }, 'type', 'MSG_00_21'],
    ['no postal codes', { posCodes: [] }, 'posCodes', 'MSG_00_21'],
    ['malformed postal code', { posCodes: ['1040061'] }, 'posCodes.0', 'MSG_00_23'],
    ['license number too long', { licenseNumber: '1'.repeat(33) }, 'licenseNumber', 'max_length_exceeded'],
    [
      'price too high',
      { prices: [{ unitPrice: 100_000_000, validFrom: '2026-04-01' }] },
      'prices.0.unitPrice',
      'unit_price_invalid',
    ],
    [
      'negative price',
      { prices: [{ unitPrice: -1, validFrom: '2026-04-01' }] },
      'prices.0.unitPrice',
      'unit_price_invalid',
    ],
    [
      'fractional yen',
      { prices: [{ unitPrice: 10.5, validFrom: '2026-04-01' }] },
      'prices.0.unitPrice',
      'unit_price_invalid',
    ],
    [
      'price as text',
      { prices: [{ unitPrice: '1000', validFrom: '2026-04-01' }] },
      'prices.0.unitPrice',
      'MSG_00_21',
    ],
    ['missing start date', { prices: [{ unitPrice: 1000 }] }, 'prices.0.validFrom', 'MSG_00_21'],
    [
      'impossible date',
      { prices: [{ unitPrice: 1000, validFrom: '2026-02-30' }] },
      'prices.0.validFrom',
      'invalid_format',
    ],
  ])('bad input: %s -> 400', async (_name, over, field, code) => {
    const res = await post(transporter, area(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().fields[field]).toBe(code);
  });

  it('gives one 200 and one 409 to two concurrent creates with the same postal code', async () => {
    const [a, b] = await Promise.all([
      post(transporter, area({ posCodes: ['150-0001'] })),
      post(transporter, area({ posCodes: ['150-0001'] })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().code).toBe('pos_code_already_used');
  });

  it('gives one 200 and one 409 to two concurrent creates with the same name', async () => {
    const [a, b] = await Promise.all([
      post(transporter, area({ areaName: '同時登録' })),
      post(transporter, area({ areaName: '同時登録' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().code).toBe('area_name_already_used');
  });
});

describe('GET /api/collection-area and the exists checks', () => {
  it('lists only the caller company areas, by type', async () => {
    await post(platform, area({ areaName: 'プラットフォームのエリア' }));
    const res = await t.as(transporter).get('/collection-area?type=REGULAR');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((a: Body) => a.areaName);
    expect(names).toContain('江東区東部');
    expect(names).not.toContain('プラットフォームのエリア');
    expect(res.json().every((a: Body) => a.type === 'REGULAR')).toBe(true);
    const industrial = (await t.as(transporter).get('/collection-area?type=INDUSTRIAL')).json();
    expect(industrial.every((a: Body) => a.type === 'INDUSTRIAL')).toBe(true);
    expect((await t.as(transporter).get('/collection-area?type=X')).statusCode).toBe(400);
  });

  it('takes the spec waste type codes as well as the names (1 industrial, 2 regular)', async () => {
    const created = await post(
      transporter,
      area({ areaName: '産廃コード確認', type: 'INDUSTRIAL', prices: [] }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const names = async (type: string) =>
      (await t.as(transporter).get(`/collection-area?type=${type}`)).json().map((a: Body) => a.areaName);
    const industrial = await names('1');
    expect(industrial).toContain('産廃コード確認');
    expect(industrial).toEqual(await names('INDUSTRIAL'));
    const regular = await names('2');
    expect(regular).toContain('江東区東部');
    expect(regular).not.toContain('産廃コード確認');
    expect(regular).toEqual(await names('REGULAR'));
    for (const bad of ['0', '3', '01', '1.0', 'regular'])
      expect((await t.as(transporter).get(`/collection-area?type=${bad}`)).statusCode).toBe(400);
    const byName = await t
      .as(transporter)
      .get(`/collection-area/exists-by-name/0?areaName=${encodeURIComponent('産廃コード確認')}&type=1`);
    expect(byName.json()).toEqual({ exists: true });
  });

  it('answers exists-by-name, leaving out the area being edited', async () => {
    const [own] = (await t.as(transporter).get('/collection-area?type=REGULAR'))
      .json()
      .filter((a: Body) => a.areaName === '江東区東部');
    const q = (id: number, name: string, type = 'REGULAR') =>
      t
        .as(transporter)
        .get(`/collection-area/exists-by-name/${id}?areaName=${encodeURIComponent(name)}&type=${type}`);
    expect((await q(0, '江東区東部')).json()).toEqual({ exists: true });
    expect((await q(own.id, '江東区東部')).json()).toEqual({ exists: false });
    expect((await q(0, '江東区東部', 'INDUSTRIAL')).json()).toEqual({ exists: false });
    expect((await q(0, '未登録の名前')).json()).toEqual({ exists: false });
    expect((await q(0, '')).statusCode).toBe(400);
  });

  it('answers exists-by-pos-code with the area that holds it', async () => {
    const q = (code: string, type = 'REGULAR') =>
      t.as(transporter).get(`/collection-area/exists-by-pos-code?posCode=${code}&type=${type}`);
    expect((await q('135-0016')).json()).toEqual({ exists: true, areaName: '江東区東部' });
    expect((await q('135-0016', 'INDUSTRIAL')).json()).toEqual({ exists: false });
    expect((await q('999-9999')).json()).toEqual({ exists: false });
    expect((await q('1350016')).statusCode).toBe(400);
  });

  it('lookup shows the owner its own areas with prices valid on the date', async () => {
    expect((await t.anonymous.get('/collection-area/lookup?posCode=135-0016&type=REGULAR')).statusCode).toBe(
      401,
    );
    const found = await t
      .as(transporter)
      .get('/collection-area/lookup?posCode=135-0016&type=REGULAR&date=2027-05-01');
    expect(found.statusCode).toBe(200);
    expect(found.json().served).toBe(true);
    expect(found.json().areas).toHaveLength(1);
    expect(found.json().areas[0]).toMatchObject({
      transportCompanyName: '東都環境サービス株式会社',
      areaName: '江東区東部',
    });
    expect(
      found
        .json()
        .areas[0].prices.map((p: Body) => p.unitPrice)
        .sort(),
    ).toEqual([1300, 900]);
    const early = await t
      .as(transporter)
      .get('/collection-area/lookup?posCode=135-0016&type=REGULAR&date=2026-03-31');
    expect(early.json().areas[0].prices).toEqual([]);
  });

  it("lookup gives a discharger and another transporter none of 東都's companies or prices (104-0061)", async () => {
    const url = '/api/collection-area/lookup?posCode=104-0061&type=REGULAR';
    const toto = (await t.as(transporter).get(url)).json();
    expect(toto.areas.map((a: Body) => a.areaName)).toEqual(['銀座・京橋']);
    const totoId = toto.areas[0].transportCompanyId as number;
    // The demo's 可燃ごみ price: 45 円/kg.
    expect(toto.areas[0].prices.map((p: Body) => p.unitPrice)).toContain(45);

    const discharger = 'discharger';
    const asDischarger = await t.as(discharger).get(url);
    expect(asDischarger.statusCode).toBe(200);
    // "Is my address served": yes, and nothing about who or at what price.
    expect(asDischarger.json()).toEqual({ served: true, areas: [] });
    for (const leak of ['東都', 'transportCompanyId', 'unitPrice', '45', String(totoId)])
      expect(asDischarger.body).not.toContain(leak);

    // The platform transporter holds 104-0061 too (an earlier test): it sees its own area, not 東都's.
    const asCompetitor = await t.as(platform).get(url);
    expect(asCompetitor.statusCode).toBe(200);
    const competitorAreas = asCompetitor.json().areas as Body[];
    expect(competitorAreas.length).toBeGreaterThan(0);
    expect(competitorAreas.every((a) => a.transportCompanyId !== totoId)).toBe(true);
    for (const leak of ['東都', '銀座・京橋']) expect(asCompetitor.body).not.toContain(leak);
    expect(asCompetitor.body).not.toMatch(/"unitPrice":45\b/);

    // An administrator oversees every company's areas.
    const asAdmin = (await t.as('admin').get(url)).json();
    expect(asAdmin.areas.map((a: Body) => a.transportCompanyId)).toContain(totoId);
  });

  it('lookup counts only approved transport companies as serving an address', async () => {
    const discharger = 'discharger';
    const created = await post(transporter, area());
    const code = (created.json().posCodes as string[])[0];
    const url = `/api/collection-area/lookup?posCode=${code}&type=REGULAR`;
    expect((await t.as(discharger).get(url)).json()).toEqual({ served: true, areas: [] });
    const [toto] = await t.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, '東都環境サービス株式会社'));
    await t.db.update(companies).set({ approvalStatus: 'PENDING' }).where(eq(companies.id, toto!.id));
    try {
      expect((await t.as(discharger).get(url)).json()).toEqual({ served: false, areas: [] });
    } finally {
      await t.db.update(companies).set({ approvalStatus: 'APPROVED' }).where(eq(companies.id, toto!.id));
    }
    expect((await t.as(discharger).get(url)).json()).toEqual({ served: true, areas: [] });
  });
});

describe('PUT and DELETE /api/collection-area/{id}', () => {
  it('updates fields, codes and prices; kept price rows keep their id', async () => {
    const created = (
      await post(
        transporter,
        area({ areaName: '更新前', posCodes: ['160-0001'], prices: [price(), price({ wasteId: null })] }),
      )
    ).json();
    const keep = created.prices.find((p: Body) => p.wasteId === regularWaste);
    const res = await put(transporter, created.id, {
      areaName: '更新後',
      type: 'REGULAR',
      posCodes: ['160-0002', '160-0003'],
      licenseNumber: 'L-1',
      administrativeDistrict: '新宿区',
      prices: [
        { ...keep, validTo: '2026-12-31', unitPrice: 1500 },
        price({ validFrom: '2027-01-01', unitPrice: 1600 }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      areaName: '更新後',
      posCodes: ['160-0002', '160-0003'],
      licenseNumber: 'L-1',
    });
    expect(body.prices).toHaveLength(2);
    expect(body.prices.find((p: Body) => p.id === keep.id)).toMatchObject({
      unitPrice: 1500,
      validTo: '2026-12-31',
    });
    // The freed postal code can be used again.
    expect((await post(transporter, area({ posCodes: ['160-0001'] }))).statusCode).toBe(200);
    // Its own name and codes are not conflicts; an overlap is.
    const overlap = await put(transporter, created.id, {
      ...body,
      prices: [...body.prices, price({ validFrom: '2026-06-01', validTo: '2026-06-30' })],
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('period_overlap');
    const taken = await put(transporter, created.id, { ...body, posCodes: ['135-0016'] });
    expect(taken.json()).toMatchObject({ code: 'pos_code_already_used', params: { areaName: '江東区東部' } });
  });

  it('does not reach another company area (404) and deletes its own', async () => {
    const mine = (await post(transporter, area())).json();
    const theirs = (await post(platform, area())).json();
    expect((await put(transporter, theirs.id, area())).statusCode).toBe(404);
    const delTheirs = await t.as(transporter).delete(`/collection-area/${theirs.id}`);
    expect(delTheirs.statusCode).toBe(404);
    const del = await t.as(transporter).delete(`/collection-area/${mine.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ result: true });
    const again = await t.as(transporter).delete(`/collection-area/${mine.id}`);
    expect(again.statusCode).toBe(404);
  });
});

describe('who may call', () => {
  it('refuses dischargers (403), non-acting admins (403) and anonymous callers (401)', async () => {
    for (const user of ['discharger', 'admin']) {
      expect((await t.as(user).get('/collection-area?type=REGULAR')).statusCode).toBe(403);
      expect((await post(user, area())).statusCode).toBe(403);
      expect((await put(user, 1, area())).statusCode).toBe(403);
      expect(
        (await t.as(user).get('/collection-area/exists-by-name/0?areaName=x&type=REGULAR')).statusCode,
      ).toBe(403);
      expect(
        (await t.as(user).get('/collection-area/exists-by-pos-code?posCode=100-0001&type=REGULAR'))
          .statusCode,
      ).toBe(403);
    }
    expect((await t.anonymous.get('/collection-area?type=REGULAR')).statusCode).toBe(401);
    expect((await post(null, area())).statusCode).toBe(401);
  });

  it('lets an admin acting for the transporter work on that company areas', async () => {
    const companies = (await t.as('admin').get('/admin/companies/transport')).json();
    const toto = companies.find((c: Body) => c.name === '東都環境サービス株式会社');
    // The acting session's token, as the admin's browser would hold it.
    const acting = (
      await t.as('admin').post(`/admin/companies/${toto.id}/auth-token?isTransport=true`)
    ).json<{ token: string }>();
    const list = (await t.as(acting).get('/collection-area?type=REGULAR')).json();
    expect(list.map((a: Body) => a.areaName)).toContain('江東区東部');
    const created = await post(acting, area({ areaName: '管理者代理' }));
    expect(created.statusCode).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'collection_area'), eq(auditLogs.entityId, String(created.json().id))));
    expect(audit?.adminId).not.toBeNull();
  });
});
