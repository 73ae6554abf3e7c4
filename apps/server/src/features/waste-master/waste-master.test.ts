import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  auditLogs,
  collectionAreaPrices,
  collectionAreas,
  companies,
  handlingWastePrices,
  wastes,
} from '../../db/schema';
import { seedReferenceData } from '../../seed/reference';

let t: TestContext;
const admin = 'admin';
const discharger = 'discharger';
const transporter = 'transporter';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Waste = {
  id: number;
  name: string;
  wasteCode: string;
  category: string;
  parentId: number | null;
  parentPath: string;
  level: number;
  tPerM3: number | null;
  tPerPiece: number | null;
  hasChildren: boolean;
};

const post = (payload: unknown, user = admin) => t.as(user).post('/waste', payload);
const put = (id: number, payload: unknown, user = admin) => t.as(user).put(`/waste/${id}`, payload);
const del = (id: number, user = admin) => t.as(user).delete(`/waste/${id}`);
const byCode = async (code: string) =>
  (await t.db.query.wastes.findFirst({ where: eq(wastes.wasteCode, code) }))!;

let codeSeq = 0;
/** A fresh, unused 7-character code. */
const freshCode = () => `T${String(++codeSeq).padStart(6, '0')}`;

describe('reference data', () => {
  it('holds the 20 industrial kinds, the specially controlled kinds and the regular categories', async () => {
    const majors = (await t.as(admin).get('/waste/parent/0?category=INDUSTRIAL')).json() as Waste[];
    const names = majors.map((w) => w.name);
    for (const name of [
      '燃え殻',
      '汚泥',
      '廃油',
      '廃酸',
      '廃アルカリ',
      '廃プラスチック類',
      '紙くず',
      '木くず',
      '繊維くず',
      '動植物性残さ',
      '動物系固形不要物',
      'ゴムくず',
      '金属くず',
      'ガラスくず・コンクリートくず及び陶磁器くず',
      '鉱さい',
      'がれき類',
      '動物のふん尿',
      '動物の死体',
      'ばいじん',
      '13号廃棄物(処分するために処理したもの)',
      '廃油(引火性)',
      '廃酸(pH2.0以下)',
      '廃アルカリ(pH12.5以上)',
      '感染性産業廃棄物',
      '特定有害産業廃棄物',
    ])
      expect(names).toContain(name);
    expect(majors.every((w) => w.level === 1 && w.parentPath === '' && /^[0-9]{7}$/.test(w.wasteCode))).toBe(
      true,
    );
    const regular = (await t.as(admin).get('/waste/parent/0?category=REGULAR')).json() as Waste[];
    expect(regular.map((w) => w.name)).toEqual(['可燃ごみ', 'びん・缶・ペットボトル', 'その他', '段ボール']);

    const plastics = majors.find((w) => w.wasteCode === '0600000')!;
    expect(plastics).toMatchObject({ name: '廃プラスチック類', tPerM3: 0.35, hasChildren: true });
    const middles = (await t.as(admin).get(`/waste/parent/${plastics.id}`)).json() as Waste[];
    const noTyres = middles.find((w) => w.name === '廃プラスチック類(廃タイヤを除く)')!;
    expect(noTyres).toMatchObject({ level: 2, parentPath: `/${plastics.id}/`, category: 'INDUSTRIAL' });
    const minors = (await t.as(admin).get(`/waste/parent/${noTyres.id}`)).json() as Waste[];
    expect(minors.find((w) => w.name === '発泡スチロール')).toMatchObject({
      level: 3,
      parentPath: `/${plastics.id}/${noTyres.id}/`,
      hasChildren: false,
    });
  });

  it('loads empty tables only: running it again changes nothing', async () => {
    const before = (await t.as(admin).get('/waste')).json() as Waste[];
    await seedReferenceData(t.db);
    const after = (await t.as(admin).get('/waste')).json() as Waste[];
    expect(after).toHaveLength(before.length);
    const units = (await t.as(admin).get('/unit-measure')).json() as unknown[];
    expect(units).toHaveLength(6);
  });
});

describe('GET /api/waste', () => {
  it('answers every classification in tree order to any signed-in user, filtered by category', async () => {
    for (const user of [admin, discharger, transporter]) {
      const res = await t.as(user).get('/waste');
      expect(res.statusCode).toBe(200);
    }
    const all = (await t.as(admin).get('/waste')).json() as Waste[];
    const seen = new Set<number>();
    for (const w of all) {
      if (w.parentId !== null) expect(seen.has(w.parentId)).toBe(true);
      seen.add(w.id);
    }
    const regular = (await t.as(discharger).get('/waste?category=REGULAR')).json() as Waste[];
    expect(regular.length).toBe(4);
    expect(regular.every((w) => w.category === 'REGULAR')).toBe(true);
  });

  it('refuses a bad category (400) and no token (401)', async () => {
    const bad = await t.as(admin).get('/waste?category=OTHER');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ category: 'invalid_format' });
    expect((await t.anonymous.get('/waste')).statusCode).toBe(401);
  });
});

describe('GET /api/waste/parent/{id}', () => {
  it('answers 404 for an unknown node, [] for a leaf, 400 for a bad id, 401 without a token', async () => {
    expect((await t.as(admin).get('/waste/parent/999999')).statusCode).toBe(404);
    const leaf = await byCode('0611000');
    expect((await t.as(transporter).get(`/waste/parent/${leaf.id}`)).json()).toEqual([]);
    expect((await t.as(admin).get('/waste/parent/-1')).statusCode).toBe(400);
    expect((await t.as(admin).get('/waste/parent/abc')).statusCode).toBe(400);
    expect((await t.anonymous.get('/waste/parent/0')).statusCode).toBe(401);
  });
});

describe('GET /api/waste/manage', () => {
  it('pages, searches by name or code, sorts, and names the ancestors', async () => {
    const first = (await t.as(admin).get('/waste/manage?page=1&size=5')).json();
    expect(first.items).toHaveLength(5);
    expect(first.total).toBeGreaterThan(40);
    expect(first).toMatchObject({ page: 1, size: 5 });
    expect(first.items[0].wasteCode).toBe('0100000');

    const found = (await t.as(admin).get(`/waste/manage?query=${encodeURIComponent('発泡')}`)).json();
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({
      name: '発泡スチロール',
      ancestorNames: ['廃プラスチック類', '廃プラスチック類(廃タイヤを除く)'],
    });
    const byCodeSearch = (await t.as(admin).get('/waste/manage?query=R00000')).json();
    expect(byCodeSearch.total).toBe(4);

    const sorted = (await t.as(admin).get('/waste/manage?sort=wasteCode&order=desc&size=1')).json();
    expect(sorted.items[0].wasteCode).toBe('R000004');
    const byLevel = (await t.as(admin).get('/waste/manage?sort=level&order=desc&size=1')).json();
    expect(byLevel.items[0].level).toBe(3);
    // A percent sign is searched as text, not as a wildcard.
    expect((await t.as(admin).get('/waste/manage?query=%25')).json().total).toBe(0);
  });

  it('refuses a search over 32 characters, bad paging and sorting (400)', async () => {
    const long = await t.as(admin).get(`/waste/manage?query=${'あ'.repeat(33)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'validation_error', fields: { query: 'max_length_exceeded' } });
    expect((await t.as(admin).get(`/waste/manage?query=${'あ'.repeat(32)}`)).statusCode).toBe(200);
    expect((await t.as(admin).get('/waste/manage?page=0')).statusCode).toBe(400);
    expect((await t.as(admin).get('/waste/manage?size=101')).statusCode).toBe(400);
    expect((await t.as(admin).get('/waste/manage?sort=id')).statusCode).toBe(400);
    expect((await t.as(admin).get('/waste/manage?order=up')).statusCode).toBe(400);
  });

  it('is the master’s: operators get 403, no token 401', async () => {
    expect((await t.as(discharger).get('/waste/manage')).statusCode).toBe(403);
    expect((await t.as(transporter).get('/waste/manage')).statusCode).toBe(403);
    expect((await t.anonymous.get('/waste/manage')).statusCode).toBe(401);
  });
});

describe('GET /api/waste/check-waste-code/{code}', () => {
  it('tells whether a code is taken, leaving out the classification being edited', async () => {
    expect((await t.as(admin).get('/waste/check-waste-code/0100000')).json()).toEqual({ exists: true });
    expect((await t.as(admin).get('/waste/check-waste-code/0100001')).json()).toEqual({ exists: false });
    const ash = await byCode('0100000');
    expect((await t.as(admin).get(`/waste/check-waste-code/0100000?excludeId=${ash.id}`)).json()).toEqual({
      exists: false,
    });
    expect((await t.as(admin).get('/waste/check-waste-code/0100000?excludeId=x')).statusCode).toBe(400);
    expect((await t.as(discharger).get('/waste/check-waste-code/0100000')).statusCode).toBe(403);
    expect((await t.as(transporter).get('/waste/check-waste-code/0100000')).statusCode).toBe(403);
    expect((await t.anonymous.get('/waste/check-waste-code/0100000')).statusCode).toBe(401);
  });
});

describe('POST /api/waste', () => {
  it('registers a major, a middle and a minor class, deriving category and audit', async () => {
    const major = await post({
      name: '試験大分類',
      wasteCode: 'Z100000',
      parentPath: '',
      level: 1,
      category: 'REGULAR',
      tPerM3: 0.5,
    });
    expect(major.statusCode).toBe(200);
    const m = major.json() as Waste;
    expect(m).toMatchObject({ level: 1, parentPath: '', parentId: null, category: 'REGULAR', tPerM3: 0.5 });

    const middle = await post({
      name: '試験中分類',
      wasteCode: 'Z110000',
      parentPath: `/${m.id}/`,
      level: 2,
      category: 'INDUSTRIAL',
      tPerM3: '1.2345',
      tPerPiece: 0.0125,
    });
    expect(middle.statusCode).toBe(200);
    const mid = middle.json() as Waste;
    expect(mid).toMatchObject({
      level: 2,
      parentId: m.id,
      parentPath: `/${m.id}/`,
      category: 'REGULAR',
      tPerM3: 1.2345,
      tPerPiece: 0.0125,
    });

    const minor = await post({
      name: '試験小分類',
      wasteCode: 'Z111000',
      parentPath: `/${m.id}/${mid.id}/`,
      level: 3,
    });
    expect(minor.statusCode).toBe(200);
    expect(minor.json()).toMatchObject({ level: 3, parentId: mid.id, tPerM3: null, tPerPiece: null });
    expect((await t.as(admin).get(`/waste/parent/${m.id}`)).json()[0]).toMatchObject({
      id: mid.id,
      hasChildren: true,
    });

    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'waste'), eq(auditLogs.action, 'create')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ entityId: String(minor.json().id) });
  });

  it('defaults a major class to industrial', async () => {
    const res = await post({ name: '区分なし', wasteCode: freshCode(), level: 1 });
    expect(res.json()).toMatchObject({ category: 'INDUSTRIAL', parentPath: '' });
  });

  it('refuses a missing parent, a wrong path, a wrong level, and anything below a minor class', async () => {
    const plastics = await byCode('0600000');
    const middle = await byCode('0610000');
    const minor = await byCode('0611000');
    const cases: [unknown, Record<string, string>][] = [
      [{ parentPath: '/999999/', level: 2 }, { parentPath: 'parent_not_found' }],
      [{ parentPath: `/1/${middle.id}/`, level: 3 }, { parentPath: 'parent_not_found' }],
      [{ parentPath: `/${middle.id}/`, level: 2 }, { parentPath: 'parent_not_found' }],
      [{ parentPath: `/${plastics.id}/`, level: 3 }, { level: 'invalid_format' }],
      [{ parentPath: '', level: 2 }, { level: 'invalid_format' }],
      [
        { parentPath: `/${plastics.id}/${middle.id}/${minor.id}/`, level: 3 },
        { parentPath: 'waste_level_exceeded' },
      ],
      [
        { parentPath: `/${plastics.id}/${middle.id}/${minor.id}/`, level: 4 },
        { level: 'waste_level_exceeded' },
      ],
      [{ parentPath: 'abc', level: 2 }, { parentPath: 'invalid_format' }],
    ];
    for (const [placement, fields] of cases) {
      const res = await post({ name: 'x', wasteCode: freshCode(), ...(placement as object) });
      expect(res.statusCode, JSON.stringify(placement)).toBe(400);
      expect(res.json().fields, JSON.stringify(placement)).toEqual(fields);
    }
  });

  it('refuses bad input: missing fields, wrong types, a bad code, too long, bad factors', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { name: 'MSG_00_21', wasteCode: 'MSG_00_21', level: 'MSG_00_21' }],
      [{ name: '', wasteCode: 'Z000001', level: 1 }, { name: 'MSG_00_21' }],
      [{ name: 'x'.repeat(65), wasteCode: 'Z000001', level: 1 }, { name: 'max_length_exceeded' }],
      [{ name: 'x', wasteCode: 'Z00001', level: 1 }, { wasteCode: 'waste_code_invalid' }],
      [{ name: 'x', wasteCode: 'Z0000011', level: 1 }, { wasteCode: 'waste_code_invalid' }],
      [{ name: 'x', wasteCode: 'Z-00001', level: 1 }, { wasteCode: 'waste_code_invalid' }],
      [{ name: 'x', wasteCode: 'Z000001', level: '1' }, { level: 'MSG_00_21' }],
      [{ name: 'x', wasteCode: 'Z000001', level: 1.5 }, { level: 'invalid_format' }],
      [{ name: 'x', wasteCode: 'Z000001', level: 1, category: 'X' }, { category: 'invalid_format' }],
      [{ name: 'x', wasteCode: 'Z000001', level: 1, tPerM3: -1 }, { tPerM3: 'invalid_format' }],
      [{ name: 'x', wasteCode: 'Z000001', level: 1, tPerM3: 0.12345 }, { tPerM3: 'invalid_format' }],
      [{ name: 'x', wasteCode: 'Z000001', level: 1, tPerPiece: 'abc' }, { tPerPiece: 'invalid_format' }],
      [{ name: 'x', wasteCode: 'Z000001', level: 1, tPerPiece: true }, { tPerPiece: 'invalid_format' }],
    ];
    for (const [body, fields] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toEqual(fields);
    }
  });

  it('refuses a code in use (409 code_already_used), and of two concurrent creates one wins', async () => {
    const taken = await post({ name: '重複', wasteCode: '0100000', level: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'code_already_used',
      fields: { wasteCode: 'code_already_used' },
    });

    const code = freshCode();
    const results = await Promise.all([
      post({ name: '同時A', wasteCode: code, level: 1 }),
      post({ name: '同時B', wasteCode: code, level: 1 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('code_already_used');
  });

  it('is the master’s: operators get 403, no token 401', async () => {
    const body = { name: 'x', wasteCode: freshCode(), level: 1 };
    expect((await post(body, discharger)).statusCode).toBe(403);
    expect((await post(body, transporter)).statusCode).toBe(403);
    expect((await t.anonymous.post('/waste', body)).statusCode).toBe(401);
  });
});

describe('PUT /api/waste/{id}', () => {
  it('updates name, code and factors, keeping the place; a major’s category change reaches its descendants', async () => {
    const major = (
      await post({ name: '更新前', wasteCode: freshCode(), level: 1, tPerM3: 1 })
    ).json() as Waste;
    const child = (
      await post({ name: '子', wasteCode: freshCode(), parentPath: `/${major.id}/`, level: 2 })
    ).json() as Waste;
    const grandchild = (
      await post({ name: '孫', wasteCode: freshCode(), parentPath: `/${major.id}/${child.id}/`, level: 3 })
    ).json() as Waste;
    const newCode = freshCode();
    const res = await put(major.id, {
      name: '更新後',
      wasteCode: newCode,
      parentPath: '',
      level: 1,
      category: 'REGULAR',
      tPerM3: null,
      tPerPiece: 2.5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '更新後',
      wasteCode: newCode,
      category: 'REGULAR',
      tPerM3: null,
      tPerPiece: 2.5,
      hasChildren: true,
    });
    expect((await byCode(grandchild.wasteCode)).category).toBe('REGULAR');
    // Keeping its own code is fine; a child's category is not its own to change.
    const same = await put(child.id, {
      name: '子2',
      wasteCode: child.wasteCode,
      parentPath: `/${major.id}/`,
      level: 2,
      category: 'INDUSTRIAL',
    });
    expect(same.json()).toMatchObject({ name: '子2', category: 'REGULAR' });
  });

  it('refuses a move, a code in use, an unknown id, bad input and the wrong roles', async () => {
    const ash = await byCode('0100000');
    const sludge = await byCode('0200000');
    const body = { name: '燃え殻', wasteCode: '0100000', parentPath: '', level: 1 };
    const moved = await put(ash.id, { ...body, parentPath: `/${sludge.id}/`, level: 2 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ parentPath: 'invalid_format' });
    const relevelled = await put(ash.id, { ...body, level: 2 });
    expect(relevelled.json().fields).toEqual({ level: 'invalid_format' });
    const taken = await put(ash.id, { ...body, wasteCode: '0200000' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ wasteCode: 'code_already_used' });
    expect((await put(999999, body)).statusCode).toBe(404);
    expect((await put(ash.id, { ...body, name: '' })).json().fields).toEqual({ name: 'MSG_00_21' });
    expect((await put(ash.id, body, discharger)).statusCode).toBe(403);
    expect((await put(ash.id, body, transporter)).statusCode).toBe(403);
    expect((await t.anonymous.put(`/waste/${ash.id}`, body)).statusCode).toBe(401);
  });
});

describe('DELETE /api/waste/{id}', () => {
  it('deletes a leaf, and refuses one with children (409 in_use_cannot_delete, usedBy)', async () => {
    const major = (await post({ name: '削除親', wasteCode: freshCode(), level: 1 })).json() as Waste;
    const child = (
      await post({ name: '削除子', wasteCode: freshCode(), parentPath: `/${major.id}/`, level: 2 })
    ).json() as Waste;
    const refused = await del(major.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'in_use_cannot_delete',
      params: { usedBy: 'wasteChildren' },
    });
    expect((await del(child.id)).json()).toEqual({ result: true });
    expect((await del(major.id)).statusCode).toBe(200);
    expect((await del(major.id)).statusCode).toBe(404);
  });

  it('refuses one that a collection-area price or a handling-waste price refers to', async () => {
    const a = (await post({ name: '単価あり1', wasteCode: freshCode(), level: 1 })).json() as Waste;
    const b = (await post({ name: '単価あり2', wasteCode: freshCode(), level: 1 })).json() as Waste;
    const [company] = await t.db.select().from(companies).where(eq(companies.type, 'TRANSPORT')).limit(1);
    const [area] = await t.db
      .insert(collectionAreas)
      .values({ transportCompanyId: company!.id, type: 'INDUSTRIAL', areaName: `削除試験${Date.now()}` })
      .returning();
    await t.db
      .insert(collectionAreaPrices)
      .values({ areaId: area!.id, wasteId: a.id, unitPrice: 1000, validFrom: '2025-01-01' });
    await t.db.insert(handlingWastePrices).values({ wasteId: b.id, unitPrice: 500, validFrom: '2025-01-01' });
    expect((await del(a.id)).json()).toMatchObject({
      code: 'in_use_cannot_delete',
      params: { usedBy: 'collectionAreaPrices' },
    });
    expect((await del(b.id)).json()).toMatchObject({
      code: 'in_use_cannot_delete',
      params: { usedBy: 'handlingWastePrices' },
    });
  });

  it('refuses bad ids and the wrong roles', async () => {
    const ash = await byCode('0100000');
    expect((await del(0)).statusCode).toBe(400);
    expect((await del(ash.id, discharger)).statusCode).toBe(403);
    expect((await del(ash.id, transporter)).statusCode).toBe(403);
    expect((await t.anonymous.delete(`/waste/${ash.id}`)).statusCode).toBe(401);
  });
});
