import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, unitMeasures, wastes } from '../../db/schema';
import { tokyoDate } from '../../lib/time';

let t: TestContext;
const platform = 'platform';
let wasteA: number;
let wasteB: number;
let unitId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await t.db
    .insert(wastes)
    .values([
      { category: 'INDUSTRIAL', name: '汚泥(テスト)', wasteCode: 'THWP001', level: 1 },
      { category: 'INDUSTRIAL', name: '廃油(テスト)', wasteCode: 'THWP002', level: 1 },
    ])
    .returning({ id: wastes.id });
  wasteA = a!.id;
  wasteB = b!.id;
  const [u] = await t.db.insert(unitMeasures).values({ code: 'THWP', unit: 't(テスト)' }).returning();
  unitId = u!.id;
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const body = (over: Body = {}): Body => ({
  wasteId: wasteA,
  unitMeasureId: unitId,
  unitPrice: 15000,
  validFrom: '2026-04-01',
  validTo: '2027-03-31',
  ...over,
});
const list = (who: string | null, qs = '') => t.as(who).get(`/handling-waste-unit-price${qs}`);

describe('handling-waste unit price', () => {
  let firstId: number;

  it('lets the platform transporter create a price, answered with the waste name, and audits it', async () => {
    const res = await t.as(platform).post('/handling-waste-unit-price', body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      wasteId: wasteA,
      wasteName: '汚泥(テスト)',
      wasteCode: 'THWP001',
      unit: 't(テスト)',
      unitPrice: 15000,
      validFrom: '2026-04-01',
      validTo: '2027-03-31',
    });
    firstId = res.json().id;
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'handling_waste_price'), eq(auditLogs.entityId, String(firstId))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses an overlapping period of the same waste (409), allows the next period and other wastes', async () => {
    const overlap = await t
      .as(platform)
      .post('/handling-waste-unit-price', body({ validFrom: '2027-03-31', validTo: null }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'period_overlap', fields: { validFrom: 'period_overlap' } });
    const next = await t
      .as(platform)
      .post('/handling-waste-unit-price', body({ validFrom: '2027-04-01', validTo: null, unitPrice: 16000 }));
    expect(next.statusCode).toBe(200);
    const other = await t.as(platform).post('/handling-waste-unit-price', body({ wasteId: wasteB }));
    expect(other.statusCode).toBe(200);
  });

  it('refuses an end date before the start (400 invalid_period) and bad input', async () => {
    const bad = await t
      .as(platform)
      .post('/handling-waste-unit-price', body({ validFrom: '2030-01-02', validTo: '2030-01-01' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_period', fields: { validTo: 'invalid_period' } });
    for (const [over, field, code] of [
      [{ wasteId: undefined }, 'wasteId', 'MSG_00_21'],
      [{ unitPrice: 100_000_000 }, 'unitPrice', 'unit_price_invalid'],
      [{ unitPrice: 'abc' }, 'unitPrice', 'MSG_00_21'],
      [{ validFrom: '2026/04/01' }, 'validFrom', 'invalid_format'],
      [{ validFrom: undefined }, 'validFrom', 'MSG_00_21'],
    ] as const) {
      const res = await t.as(platform).post('/handling-waste-unit-price', body(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(code);
    }
    const missing = await t.as(platform).post('/handling-waste-unit-price', body({ wasteId: 999_999 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().fields).toEqual({ wasteId: 'not_found' });
  });

  it('gives one 200 and one 409 to two concurrent overlapping creates', async () => {
    const payload = body({ wasteId: wasteB, validFrom: '2031-01-01', validTo: null });
    const [a, b] = await Promise.all([
      t.as(platform).post('/handling-waste-unit-price', payload),
      t.as(platform).post('/handling-waste-unit-price', payload),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('lists with the waste name, paged, sorted and searched', async () => {
    const res = await list(platform, '?page=1&size=2&sort=validFrom&order=desc');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 4, page: 1, size: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.items[0].validFrom).toBe('2031-01-01');
    const searched = (await list(platform, `?keyword=${encodeURIComponent('廃油')}`)).json();
    expect(searched.items.every((i: Body) => i.wasteName === '廃油(テスト)')).toBe(true);
    expect(searched.total).toBe(2);
    const current = (await list(platform, '?currentOnly=true')).json();
    const today = tokyoDate(new Date());
    expect(
      current.items.every(
        (i: Body) => (i.validFrom as string) <= today && (!i.validTo || (i.validTo as string) >= today),
      ),
    ).toBe(true);
    expect((await list(platform, '?sort=nope')).statusCode).toBe(400);
  });

  it('updates a price, leaving itself out of the overlap check', async () => {
    const res = await t.as(platform).put(`/handling-waste-unit-price/${firstId}`, body({ unitPrice: 15500 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().unitPrice).toBe(15500);
    const clash = await t
      .as(platform)
      .put(`/handling-waste-unit-price/${firstId}`, body({ validTo: '2027-04-01' }));
    expect(clash.statusCode).toBe(409);
    expect((await t.as(platform).put('/handling-waste-unit-price/999999', body())).statusCode).toBe(404);
  });

  it('deletes a price', async () => {
    const del = await t.as(platform).delete(`/handling-waste-unit-price/${firstId}`);
    expect(del.statusCode).toBe(200);
    expect((await t.as(platform).delete(`/handling-waste-unit-price/${firstId}`)).statusCode).toBe(404);
  });

  it('refuses callers without the grant (403) and anonymous callers (401)', async () => {
    for (const email of ['transporter@example.com', 'discharger@example.com', 'admin@example.com']) {
      expect((await list(email)).statusCode).toBe(403);
      expect((await t.as(email).post('/handling-waste-unit-price', body())).statusCode).toBe(403);
      expect((await t.as(email).put('/handling-waste-unit-price/1', body())).statusCode).toBe(403);
      expect((await t.as(email).delete('/handling-waste-unit-price/1')).statusCode).toBe(403);
    }
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(platform)).statusCode).toBe(200);
  });
});
