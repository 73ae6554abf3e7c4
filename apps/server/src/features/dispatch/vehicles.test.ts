import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from '../../../test/fixtures/demo-data';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, collections, users, vehicles } from '../../db/schema';

/** The office's vehicles: named once per company, retired rather than deleted while anything names them. */

let t: TestContext;
let toto: number;

beforeAll(async () => {
  t = await createTestApp();
  toto = await companyId(t.db, '東都環境サービス株式会社');
});
afterAll(() => t.close());

const office = () => t.as('transporter');
const packer = { name: '3t パッカー 5号車', plateNumber: '足立 800 さ 56-78', vehicleClass: 'T4' };

describe('/api/trans/vehicles', () => {
  it("lists the company's vehicles with their drivers' count; another company sees none of them", async () => {
    const res = await office().get('/trans/vehicles');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({
        name: '2t パッカー 1号車',
        plateNumber: '品川 400 あ 12-34',
        vehicleClass: 'T2',
        active: true,
        driverCount: 1,
      }),
    );
    expect((await t.as('platform').get('/trans/vehicles')).json()).toEqual([]);
  });

  it('adds one (201) and audits it; its name is unique in the company only', async () => {
    const res = await office().post('/trans/vehicles', packer);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...packer, active: true, driverCount: 0 });
    const row = await t.db.query.vehicles.findFirst({ where: eq(vehicles.id, res.json().id) });
    expect(row?.companyId).toBe(toto);
    expect(
      await t.db.query.auditLogs.findFirst({
        where: and(eq(auditLogs.entity, 'vehicle'), eq(auditLogs.entityId, String(res.json().id))),
      }),
    ).toMatchObject({ action: 'create' });

    const taken = await office().post('/trans/vehicles', { ...packer, plateNumber: '' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'vehicle_name_taken',
      fields: { name: 'vehicle_name_taken' },
    });
    expect((await t.as('platform').post('/trans/vehicles', packer)).statusCode).toBe(201);
  });

  it('renames and retires one; a taken name on rename is the field error', async () => {
    const { id } = (
      await office().post('/trans/vehicles', { name: '軽 6号車', vehicleClass: 'LIGHT' })
    ).json();
    const res = await office().put(`/trans/vehicles/${id}`, {
      name: '軽バン 6号車',
      plateNumber: '練馬 480 あ 11-22',
      vehicleClass: 'LIGHT',
      active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: '軽バン 6号車', active: false });
    const taken = await office().put(`/trans/vehicles/${id}`, {
      name: '2t パッカー 1号車',
      vehicleClass: 'T2',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ name: 'vehicle_name_taken' });
  });

  it('refuses a missing name, an unknown class and text no column holds, with field codes', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ name: '', vehicleClass: 'T2' }, { name: 'MSG_00_21' }],
      [{ name: 'x', vehicleClass: 'NONE' }, { vehicleClass: 'MSG_00_21' }],
      [{ name: 'x'.repeat(65), vehicleClass: 'T2' }, { name: 'max_length_exceeded' }],
    ];
    for (const [body, fields] of cases) {
      const res = await office().post('/trans/vehicles', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toMatchObject(fields);
    }
    const nul = await office().post('/trans/vehicles', { name: 'a\u0000b', vehicleClass: 'T2' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'validation_error', fields: { name: 'invalid_characters' } });
  });

  it('deletes one nothing names (204); one a driver or a stop names is 409 vehicle_in_use', async () => {
    const { id } = (
      await office().post('/trans/vehicles', { name: '削除 7号車', vehicleClass: 'T2' })
    ).json();
    const del = await office().delete(`/trans/vehicles/${id}`);
    expect(del.statusCode).toBe(204);
    expect(await t.db.query.vehicles.findFirst({ where: eq(vehicles.id, id) })).toBeUndefined();
    expect((await office().delete(`/trans/vehicles/${id}`)).json().code).toBe('vehicle_not_found');

    const driver = await t.db.query.users.findFirst({ where: eq(users.email, 'driver@example.com') });
    const used = await office().delete(`/trans/vehicles/${driver!.vehicleId}`);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ code: 'vehicle_in_use', params: { usedBy: 'drivers' } });

    const stopOnly = (
      await office().post('/trans/vehicles', { name: '回収 8号車', vehicleClass: 'T2' })
    ).json();
    const [stop] = await t.db
      .select({ id: collections.id })
      .from(collections)
      .where(eq(collections.transportCompanyId, toto))
      .limit(1);
    await t.db.update(collections).set({ vehicleId: stopOnly.id }).where(eq(collections.id, stop!.id));
    const onStop = await office().delete(`/trans/vehicles/${stopOnly.id}`);
    expect(onStop.json()).toMatchObject({ code: 'vehicle_in_use', params: { usedBy: 'collections' } });
    expect(await t.db.query.vehicles.findFirst({ where: eq(vehicles.id, stopOnly.id) })).toBeDefined();
  });

  it("answers another company's vehicle 404 vehicle_not_found, as if it did not exist", async () => {
    const [theirs] = await t.db
      .insert(vehicles)
      .values({ companyId: await companyId(t.db, 'junkan収集運搬'), name: '他社 9号車', vehicleClass: 'T2' })
      .returning({ id: vehicles.id });
    const put = await office().put(`/trans/vehicles/${theirs!.id}`, { name: '乗っ取り', vehicleClass: 'T2' });
    const del = await office().delete(`/trans/vehicles/${theirs!.id}`);
    for (const res of [put, del]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('vehicle_not_found');
    }
    expect(await t.db.query.vehicles.findFirst({ where: eq(vehicles.id, theirs!.id) })).toMatchObject({
      name: '他社 9号車',
    });
  });

  it('is the office’s: a discharger, a driver and an admin acting for nobody are refused 403', async () => {
    for (const who of ['discharger', 'driver@example.com', 'admin']) {
      for (const res of [
        await t.as(who).get('/trans/vehicles'),
        await t.as(who).post('/trans/vehicles', { name: '不正', vehicleClass: 'T2' }),
      ]) {
        expect(res.statusCode, who).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
    // An admin acting for the transporter keeps its vehicles.
    const acting = await t.as('admin').post(`/admin/companies/${toto}/auth-token?isTransport=true`);
    const res = await t.as({ token: acting.json().token }).get('/trans/vehicles');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((v: { name: string }) => v.name)).toContain('2t パッカー 1号車');
  });
});
