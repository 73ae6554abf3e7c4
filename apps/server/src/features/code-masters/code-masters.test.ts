import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  auditLogs,
  collectionAreaPrices,
  collectionAreas,
  companies,
  disposalSites,
  handlingWastePrices,
  wastes,
} from '../../db/schema';

let t: TestContext;
const admin = 'admin';
const discharger = 'discharger';
const transporter = 'transporter';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = { id: number; code: string } & Record<string, unknown>;

/** The three masters share one behaviour; each differs in path, name field and what refers to it. */
const MASTERS = [
  {
    path: '/api/unit-measure',
    field: 'unit',
    max: 16,
    entity: 'unit_measure',
    seeded: ['t', 'm3', 'kg', '個', '台', 'L'],
  },
  {
    path: '/api/packing-master',
    field: 'style',
    max: 32,
    entity: 'packing_style',
    seeded: ['バラ', 'フレコンバッグ', 'ドラム缶', 'ペール缶', '段ボール箱', 'コンテナ', 'パレット'],
  },
  {
    path: '/api/disposal-method',
    field: 'method',
    max: 32,
    entity: 'disposal_method',
    seeded: ['焼却', '破砕', '圧縮', '中和', '脱水', '溶融', '埋立', '選別', '再生'],
  },
] as const;

describe.each(MASTERS)('$path', (m) => {
  const list = async () => (await t.as(admin).get(m.path)).json() as Row[];
  const create = (name: unknown, user = admin) => t.as(user).post(m.path, { [m.field]: name });

  it('lists the seeded rows by code to any signed-in user', async () => {
    for (const user of [admin, discharger, transporter]) {
      expect((await t.as(user).get(m.path)).statusCode).toBe(200);
    }
    const rows = await list();
    expect(rows.slice(0, m.seeded.length).map((r) => r[m.field])).toEqual(m.seeded);
    expect(rows.slice(0, 3).map((r) => r.code)).toEqual(['001', '002', '003']);
    expect((await t.anonymous.get(m.path)).statusCode).toBe(401);
  });

  it('answers the last code, and numbers a new row with the next one', async () => {
    const before = (await t.as(admin).get(`${m.path}/last-code`)).json();
    expect(before).toEqual({ lastCode: String(m.seeded.length).padStart(3, '0') });
    const res = await create('新規');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: String(m.seeded.length + 1).padStart(3, '0'),
      [m.field]: '新規',
    });
    expect((await t.as(admin).get(`${m.path}/last-code`)).json()).toEqual({ lastCode: res.json().code });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, m.entity), eq(auditLogs.action, 'create')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ entityId: String(res.json().id) });
  });

  it('refuses a name in use (409 name_already_used) and bad input (400)', async () => {
    const dup = await create(m.seeded[0]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'name_already_used',
      fields: { [m.field]: 'name_already_used' },
    });
    expect((await t.as(admin).post(m.path, {})).json().fields).toEqual({ [m.field]: 'MSG_00_21' });
    expect((await create('   ')).json().fields).toEqual({ [m.field]: 'MSG_00_21' });
    expect((await create(12)).json().fields).toEqual({ [m.field]: 'MSG_00_21' });
    const long = await create('x'.repeat(m.max + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ [m.field]: 'max_length_exceeded' });
    expect((await create('y'.repeat(m.max))).statusCode).toBe(200);
  });

  it('numbers two concurrent creates apart, and of two with the same name one wins', async () => {
    const apart = await Promise.all([create('同時A'), create('同時B')]);
    expect(apart.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(apart.map((r) => r.json().code)).size).toBe(2);

    const same = await Promise.all([create('同名'), create('同名')]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(same.find((r) => r.statusCode === 409)!.json().code).toBe('name_already_used');
  });

  it('updates the name and keeps the code; refuses a name in use, an unknown id and bad input', async () => {
    const row = (await create('更新前')).json() as Row;
    const res = await t.as(admin).put(`${m.path}/${row.id}`, { [m.field]: '更新後' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, code: row.code, [m.field]: '更新後' });
    // Saving a row under its own name is fine.
    expect((await t.as(admin).put(`${m.path}/${row.id}`, { [m.field]: '更新後' })).statusCode).toBe(200);
    const taken = await t.as(admin).put(`${m.path}/${row.id}`, { [m.field]: m.seeded[1] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ [m.field]: 'name_already_used' });
    expect((await t.as(admin).put(`${m.path}/999999`, { [m.field]: 'z' })).statusCode).toBe(404);
    expect((await t.as(admin).put(`${m.path}/abc`, { [m.field]: 'z' })).statusCode).toBe(400);
    expect((await t.as(admin).put(`${m.path}/${row.id}`, {})).json().fields).toEqual({
      [m.field]: 'MSG_00_21',
    });
  });

  it('deletes an unused row; an unknown id is 404', async () => {
    const row = (await create('削除対象')).json() as Row;
    const res = await t.as(admin).delete(`${m.path}/${row.id}`);
    expect(res.json()).toEqual({ result: true });
    expect((await t.as(admin).delete(`${m.path}/${row.id}`)).statusCode).toBe(404);
    expect((await t.as(admin).delete(`${m.path}/0`)).statusCode).toBe(400);
  });

  it('is the master’s for last-code and writes: operators get 403, no token 401', async () => {
    const [first] = await list();
    const writes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', `${m.path}/last-code`],
      ['POST', m.path, { [m.field]: '権限' }],
      ['PUT', `${m.path}/${first!.id}`, { [m.field]: '権限' }],
      ['DELETE', `${m.path}/${first!.id}`],
    ];
    for (const [method, url, body] of writes) {
      expect(
        (await t.as(discharger).send({ method, url, payload: body })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
      expect(
        (await t.as(transporter).send({ method, url, payload: body })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
      expect((await t.anonymous.send({ method, url, payload: body })).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
  });
});

describe('units of measure', () => {
  it('expose isCount: 個 and 台 are count units; it defaults to false and is kept when absent on update', async () => {
    const rows = (await t.as(admin).get('/unit-measure')).json() as Row[];
    expect(rows.filter((r) => r.isCount).map((r) => r.unit)).toEqual(['個', '台']);
    const created = (await t.as(admin).post('/unit-measure', { unit: '本' })).json() as Row;
    expect(created.isCount).toBe(false);
    const counted = await t.as(admin).put(`/unit-measure/${created.id}`, {
      unit: '本',
      isCount: true,
    });
    expect(counted.json()).toMatchObject({ isCount: true });
    const renamed = await t.as(admin).put(`/unit-measure/${created.id}`, { unit: '本数' });
    expect(renamed.json()).toMatchObject({ unit: '本数', isCount: true });
    const bad = await t.as(admin).post('/unit-measure', { unit: '箱', isCount: 'yes' });
    expect(bad.json().fields).toEqual({ isCount: 'invalid_format' });
  });

  it('refuse deleting a unit that a collection-area price or a handling-waste price uses', async () => {
    const a = (await t.as(admin).post('/unit-measure', { unit: '単価1' })).json() as Row;
    const b = (await t.as(admin).post('/unit-measure', { unit: '単価2' })).json() as Row;
    const [company] = await t.db.select().from(companies).where(eq(companies.type, 'TRANSPORT')).limit(1);
    const [area] = await t.db
      .insert(collectionAreas)
      .values({ transportCompanyId: company!.id, type: 'INDUSTRIAL', areaName: 'コード試験エリア' })
      .returning();
    const waste = await t.db.query.wastes.findFirst({ where: eq(wastes.wasteCode, '0100000') });
    await t.db
      .insert(collectionAreaPrices)
      .values({ areaId: area!.id, unitMeasureId: a.id, unitPrice: 100, validFrom: '2025-01-01' });
    await t.db
      .insert(handlingWastePrices)
      .values({ wasteId: waste!.id, unitMeasureId: b.id, unitPrice: 100, validFrom: '2025-01-01' });
    const refusedA = await t.as(admin).delete(`/unit-measure/${a.id}`);
    expect(refusedA.statusCode).toBe(409);
    expect(refusedA.json()).toMatchObject({
      code: 'in_use_cannot_delete',
      params: { usedBy: 'collectionAreaPrices' },
    });
    expect((await t.as(admin).delete(`/unit-measure/${b.id}`)).json()).toMatchObject({
      code: 'in_use_cannot_delete',
      params: { usedBy: 'handlingWastePrices' },
    });
  });
});

describe('disposal methods', () => {
  it('refuse deleting a method that a disposal site uses', async () => {
    const method = (await t.as(admin).post('/disposal-method', { method: '使用中' })).json() as Row;
    await t.db
      .insert(disposalSites)
      .values({ code: 'DSTEST1', name: '試験処分場', disposalMethodId: method.id });
    const res = await t.as(admin).delete(`/disposal-method/${method.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'in_use_cannot_delete', params: { usedBy: 'disposalSites' } });
  });
});
