import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from '../../../test/fixtures/demo-data';
import { type ApiMethod, createTestApp, type TestContext } from '../../../test/test-app';
import { collections, users, vehicles } from '../../db/schema';
import { HOSTILE, nestedJson } from '../api-contract/openapi-sweep';

/**
 * One transport company's office cannot reach another's drivers, vehicles or stops through the dispatch calls
 * (each answers 404 with its code, as for an id that does not exist, and changes nothing), and hostile input to
 * them is refused 4xx with a code, never 5xx.
 */

let t: TestContext;
let theirs: { collection: number; driver: number; vehicle: number; date: string };
let ours: { collection: number; driver: number; vehicle: number };

beforeAll(async () => {
  t = await createTestApp();
  const toto = await companyId(t.db, '東都環境サービス株式会社');
  const [stop] = await t.db
    .select()
    .from(collections)
    .where(and(eq(collections.transportCompanyId, toto), eq(collections.status, 'CONFIRMED')))
    .limit(1);
  const driver = await t.db.query.users.findFirst({ where: eq(users.email, 'driver@example.com') });
  theirs = { collection: stop!.id, driver: driver!.id, vehicle: driver!.vehicleId!, date: stop!.date };
  // platform@example.com's company (junkan収集運搬) gets a driver and a vehicle of its own.
  const platform = await companyId(t.db, 'junkan収集運搬');
  const [vehicle] = await t.db
    .insert(vehicles)
    .values({ companyId: platform, name: '運営 1号車', vehicleClass: 'T2' })
    .returning({ id: vehicles.id });
  const [own] = await t.db
    .insert(users)
    .values({
      email: 'platform.driver@example.com',
      passwordHash: 'x',
      role: 'DRIVER',
      companyId: platform,
      enabled: true,
      vehicleId: vehicle!.id,
    })
    .returning({ id: users.id });
  ours = { collection: stop!.id, driver: own!.id, vehicle: vehicle!.id };
});
afterAll(() => t.close());

describe("another company's drivers, vehicles and stops", () => {
  it('answer 404 with their codes to every dispatch call, and stay as they were', async () => {
    const before = {
      stop: (await t.db.select().from(collections).where(eq(collections.id, theirs.collection)))[0],
      driver: await t.db.query.users.findFirst({ where: eq(users.id, theirs.driver) }),
      vehicle: await t.db.query.vehicles.findFirst({ where: eq(vehicles.id, theirs.vehicle) }),
    };
    const calls: [ApiMethod, string, unknown, string][] = [
      [
        'PUT',
        `/trans/vehicles/${theirs.vehicle}`,
        { name: '乗っ取り', vehicleClass: 'T2' },
        'vehicle_not_found',
      ],
      ['DELETE', `/trans/vehicles/${theirs.vehicle}`, undefined, 'vehicle_not_found'],
      [
        'PUT',
        `/trans/drivers/${theirs.driver}`,
        { userName: 'x', vehicleId: null, enabled: false },
        'driver_not_found',
      ],
      // Its own driver, their vehicle.
      [
        'PUT',
        `/trans/drivers/${ours.driver}`,
        { userName: 'x', vehicleId: theirs.vehicle, enabled: true },
        'vehicle_not_found',
      ],
      [
        'POST',
        '/trans/drivers',
        { userName: 'x', email: 'x1@example.com', vehicleId: theirs.vehicle },
        'vehicle_not_found',
      ],
      [
        'POST',
        '/trans/dispatch/assign',
        { collectionIds: [theirs.collection], driverUserId: ours.driver, vehicleId: ours.vehicle },
        'collection_not_found',
      ],
      [
        'POST',
        '/trans/dispatch/assign',
        { collectionIds: [theirs.collection], driverUserId: null, vehicleId: null },
        'collection_not_found',
      ],
      [
        'POST',
        '/trans/dispatch/order',
        { date: theirs.date, collectionIds: [theirs.collection] },
        'collection_not_found',
      ],
    ];
    for (const [method, url, payload, code] of calls) {
      const res = await t.as('platform').send({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code, `${method} ${url}`).toBe(code);
    }
    // The other way round: 東都's office cannot give its stop to junkan's driver or vehicle.
    for (const [body, code] of [
      [{ driverUserId: ours.driver, vehicleId: null }, 'driver_not_found'],
      [{ driverUserId: null, vehicleId: ours.vehicle }, 'vehicle_not_found'],
    ] as const) {
      const res = await t
        .as('transporter')
        .post('/trans/dispatch/assign', { collectionIds: [theirs.collection], ...body });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(code);
    }
    expect((await t.db.select().from(collections).where(eq(collections.id, theirs.collection)))[0]).toEqual(
      before.stop,
    );
    expect(await t.db.query.users.findFirst({ where: eq(users.id, theirs.driver) })).toEqual(before.driver);
    expect(await t.db.query.vehicles.findFirst({ where: eq(vehicles.id, theirs.vehicle) })).toEqual(
      before.vehicle,
    );
    // Nor do its lists show them.
    const dispatch = (await t.as('platform').get(`/trans/dispatch?date=${theirs.date}`)).json();
    expect(dispatch.stops).toEqual([]);
    expect(dispatch.drivers.map((d: { id: number }) => d.id)).toEqual([ours.driver]);
  });
});

describe('hostile input to the dispatch calls', () => {
  const surrogate = HOSTILE.loneSurrogate;
  const cases: [ApiMethod, string, unknown?][] = [
    ['POST', '/trans/vehicles', { name: HOSTILE.nul, vehicleClass: 'T2' }],
    ['POST', '/trans/vehicles', { name: surrogate, vehicleClass: 'T2' }],
    ['POST', '/trans/vehicles', { name: HOSTILE.huge, vehicleClass: 'T2' }],
    ['POST', '/trans/vehicles', { name: 'x', plateNumber: { nested: true }, vehicleClass: 'T2' }],
    ['PUT', '/trans/vehicles/2147483648', { name: 'x', vehicleClass: 'T2' }],
    ['PUT', '/trans/vehicles/99999999999999999999', { name: 'x', vehicleClass: 'T2' }],
    ['DELETE', '/trans/vehicles/0x7'],
    ['DELETE', '/trans/vehicles/%00'],
    ['POST', '/trans/drivers', { userName: HOSTILE.nul, email: 'a@example.com' }],
    ['POST', '/trans/drivers', { userName: 'x', email: `a${surrogate}@example.com` }],
    ['POST', '/trans/drivers', { userName: 'x', email: 'a@example.com', vehicleId: 2147483648 }],
    ['PUT', '/trans/drivers/1', { userName: 'x', vehicleId: -1, enabled: 'yes' }],
    ['GET', '/trans/dispatch?date=2026-02-30'],
    ['GET', '/trans/dispatch?date=a%00b'],
    ['GET', '/trans/dispatch?date=%ED%A0%80x'],
    ['GET', `/trans/dispatch?date=${'9'.repeat(20_000)}`],
    ['POST', '/trans/dispatch/assign', { collectionIds: [2147483648], driverUserId: null, vehicleId: null }],
    ['POST', '/trans/dispatch/assign', { collectionIds: [], driverUserId: null, vehicleId: null }],
    [
      'POST',
      '/trans/dispatch/assign',
      { collectionIds: Array.from({ length: 600 }, (_, i) => i + 1), driverUserId: null, vehicleId: null },
    ],
    ['POST', '/trans/dispatch/assign', { collectionIds: [1.5], driverUserId: 'x', vehicleId: [1] }],
    ['POST', '/trans/dispatch/order', { date: '2026-13-01', collectionIds: [1] }],
    ['POST', '/trans/dispatch/order', { date: HOSTILE.nul, collectionIds: [1] }],
    [
      'POST',
      '/trans/dispatch/order',
      { date: '2026-01-15', collectionIds: Array.from({ length: 600 }, (_, i) => i + 1) },
    ],
    ['POST', '/trans/dispatch/order', nestedJson(5_000)],
    ['POST', '/trans/dispatch/assign', JSON.parse(`{"collectionIds":${nestedJson(30)}}`)],
  ];

  it('is refused 4xx with a code, never 5xx', async () => {
    const wrong: string[] = [];
    for (const [method, url, payload] of cases) {
      const res = await t.as('transporter').send({
        method,
        url,
        payload,
        headers: typeof payload === 'string' ? { 'content-type': 'application/json' } : {},
      });
      const body = res.json();
      if (res.statusCode < 400 || res.statusCode >= 500 || typeof body.code !== 'string')
        wrong.push(`${method} ${url.slice(0, 60)} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names the field: 600 ids are invalid_format on collectionIds, a 5,000-deep body request_too_complex', async () => {
    const many = await t.as('transporter').post('/trans/dispatch/assign', {
      collectionIds: Array.from({ length: 600 }, (_, i) => i + 1),
      driverUserId: null,
      vehicleId: null,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().fields).toEqual({ collectionIds: 'invalid_format' });
    const deep = await t
      .as('transporter')
      .post('/trans/dispatch/order', nestedJson(5_000), { 'content-type': 'application/json' });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().code).toBe('request_too_complex');
    const date = await t.as('transporter').get('/trans/dispatch?date=2026-02-30');
    expect(date.json()).toMatchObject({ code: 'validation_error', fields: { date: 'invalid_format' } });
  });
});
