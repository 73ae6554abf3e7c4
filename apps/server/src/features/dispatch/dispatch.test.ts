import { randomUUID } from 'node:crypto';
import type { Dispatch } from '@junkan/shared/api/drivers';
import { compareStops } from '@junkan/shared/driver-rules';
import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, dischargeSiteId } from '../../../test/fixtures/demo-data';
import { mailBody } from '../../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  auditLogs,
  collectionAreaPostalCodes,
  collectionAreas,
  collectionMarks,
  collections,
  projects,
  users,
  vehicles,
} from '../../db/schema';
import { tokyoDate } from '../../lib/time';

/** The office's day: its stops with their area and dispatch, given to drivers and vehicles, put in order. */

let t: TestContext;
let toto: number;
let day: string;
/** Stops of `day`: the demo's confirmed one, a second confirmed, a collected one, one at 𠮷祥寺倉庫, a cancelled one. */
let s: {
  first: number;
  second: number;
  collected: number;
  kichijoji: number;
  cancelled: number;
  otherDay: number;
};
let driver: { id: number; vehicleId: number };

beforeAll(async () => {
  t = await createTestApp();
  toto = await companyId(t.db, '東都環境サービス株式会社');
  // The regular contract's next confirmed collection (its site's area is a REGULAR one).
  const [found] = await t.db
    .select({ c: collections })
    .from(collections)
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .where(
      and(
        eq(collections.transportCompanyId, toto),
        eq(collections.status, 'CONFIRMED'),
        eq(projects.type, 'REGULAR'),
        gte(collections.date, tokyoDate(new Date())),
      ),
    )
    .orderBy(asc(collections.date), asc(collections.id))
    .limit(1);
  const first = found!.c;
  day = first!.date;
  const [otherDay] = await t.db
    .select({ id: collections.id })
    .from(collections)
    .where(
      and(
        eq(collections.transportCompanyId, toto),
        ne(collections.date, day),
        eq(collections.status, 'CONFIRMED'),
      ),
    )
    .limit(1);
  const { id: _id, ...row } = first!;
  const kichijoji = await dischargeSiteId(t.db, '𠮷祥寺倉庫');
  const added = await t.db
    .insert(collections)
    .values([
      { ...row, driverUserId: null, vehicleId: null },
      { ...row, status: 'COLLECTED' },
      { ...row, dischargeSiteId: kichijoji },
      { ...row, status: 'CANCELLED' },
    ])
    .returning({ id: collections.id });
  s = {
    first: first!.id,
    second: added[0]!.id,
    collected: added[1]!.id,
    kichijoji: added[2]!.id,
    cancelled: added[3]!.id,
    otherDay: otherDay!.id,
  };
  // An area of 東都 holding 𠮷祥寺倉庫's postal code written without its hyphen.
  const [area] = await t.db
    .insert(collectionAreas)
    .values({ transportCompanyId: toto, type: 'REGULAR', areaName: '武蔵野' })
    .returning({ id: collectionAreas.id });
  await t.db
    .insert(collectionAreaPostalCodes)
    .values({ areaId: area!.id, transportCompanyId: toto, type: 'REGULAR', posCode: '1800004' });
  const [row2] = await t.db.select().from(users).where(eq(users.email, 'driver@example.com'));
  driver = { id: row2!.id, vehicleId: row2!.vehicleId! };
});
afterAll(() => t.close());

const office = () => t.as('transporter');
const dispatchOf = async (date = day) =>
  (await office().get(`/trans/dispatch?date=${date}`)).json() as Dispatch;
const rowOf = async (id: number) => (await t.db.select().from(collections).where(eq(collections.id, id)))[0]!;

describe('GET /api/trans/dispatch', () => {
  it("answers the day's stops but the cancelled, with area, wastes and dispatch, in the office's order", async () => {
    const res = await office().get(`/trans/dispatch?date=${day}`);
    expect(res.statusCode).toBe(200);
    const d = res.json() as Dispatch;
    const ids = d.stops.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([s.first, s.second, s.collected, s.kichijoji]));
    expect(ids).not.toContain(s.cancelled);
    expect(d.stops.every((x) => x.date === day)).toBe(true);
    expect([...d.stops].sort(compareStops)).toEqual(d.stops);
    const first = d.stops.find((x) => x.id === s.first)!;
    expect(first).toMatchObject({
      status: 'CONFIRMED',
      dischargerName: '株式会社グリーン商事',
      siteName: '銀座店',
      vehicleId: driver.vehicleId,
      driverUserId: null,
      stopOrder: null,
      lastMark: null,
    });
    expect(first.areaName).toBe('銀座・京橋');
    expect(first.wasteNames.length).toBeGreaterThan(0);
    expect(d.stops.find((x) => x.id === s.kichijoji)!.areaName).toBe('武蔵野');
    expect(d.drivers).toContainEqual({
      id: driver.id,
      userName: '運転 太郎',
      vehicleId: driver.vehicleId,
      enabled: true,
    });
    expect(d.vehicles).toContainEqual({
      id: driver.vehicleId,
      name: '2t パッカー 1号車',
      vehicleClass: 'T2',
      active: true,
    });
    expect(d.conflictCount).toBe(0);
  });

  it("counts the company's conflicting marks and shows a stop's latest mark with its driver", async () => {
    const mark = (markedAt: string, state: string) => ({
      clientId: randomUUID(),
      collectionId: s.collected,
      transportCompanyId: toto,
      driverUserId: driver.id,
      result: 'COLLECTED',
      baseVersion: 1,
      baseDate: day,
      markedAt: new Date(markedAt),
      state,
    });
    await t.db
      .insert(collectionMarks)
      .values([mark(`${day}T09:00:00+09:00`, 'APPLIED'), mark(`${day}T10:00:00+09:00`, 'CONFLICT')]);
    const d = await dispatchOf();
    expect(d.conflictCount).toBe(1);
    expect(d.stops.find((x) => x.id === s.collected)!.lastMark).toEqual({
      result: 'COLLECTED',
      state: 'CONFLICT',
      markedAt: new Date(`${day}T10:00:00+09:00`).toISOString(),
      driverName: '運転 太郎',
    });
    // Another company's office sees neither the stops nor the conflicts.
    const theirs = (await t.as('platform').get(`/trans/dispatch?date=${day}`)).json() as Dispatch;
    expect(theirs).toMatchObject({ stops: [], drivers: [], vehicles: [], conflictCount: 0 });
  });

  it('refuses an impossible or missing date with its field code', async () => {
    for (const q of ['?date=2026-02-30', '?date=2026-13-01', '', '?date=tomorrow']) {
      const res = await office().get(`/trans/dispatch${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().fields?.date, q).toEqual(expect.any(String));
    }
  });
});

describe('POST /api/trans/dispatch/assign', () => {
  it('gives stops to a driver and a vehicle in one call, keeps their version, audits it and mails the driver once', async () => {
    const before = await rowOf(s.first);
    const mails = t.smtp.mails.length;
    const body = { collectionIds: [s.first, s.second], driverUserId: driver.id, vehicleId: driver.vehicleId };
    const res = await office().post('/trans/dispatch/assign', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    for (const id of [s.first, s.second])
      expect(await rowOf(id)).toMatchObject({ driverUserId: driver.id, vehicleId: driver.vehicleId });
    expect((await rowOf(s.first)).version).toBe(before.version);
    const sent = t.smtp.mails.slice(mails);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual(['driver@example.com']);
    const text = mailBody(sent[0]!.raw);
    expect(text).toContain('回収予定が割り当てられました');
    expect(text).toContain(`${day}（`);
    expect(text.match(/銀座店/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('http://junkan.test/sys/driver');
    expect(
      await t.db.query.auditLogs.findFirst({
        where: and(eq(auditLogs.entity, 'dispatch'), eq(auditLogs.action, 'assign')),
      }),
    ).toMatchObject({ detail: body });
    // Given again to the same driver: nothing new to tell.
    await office().post('/trans/dispatch/assign', body);
    expect(t.smtp.mails.length).toBe(mails + 1);
    // null takes both away.
    await office().post('/trans/dispatch/assign', {
      collectionIds: [s.second],
      driverUserId: null,
      vehicleId: null,
    });
    expect(await rowOf(s.second)).toMatchObject({ driverUserId: null, vehicleId: null });
  });

  it('mails the drivers of a vehicle given stops without a driver', async () => {
    const mails = t.smtp.mails.length;
    const res = await office().post('/trans/dispatch/assign', {
      collectionIds: [s.second],
      driverUserId: null,
      vehicleId: driver.vehicleId,
    });
    expect(res.statusCode).toBe(200);
    expect(t.smtp.mails.slice(mails).map((m) => m.to)).toEqual([['driver@example.com']]);
  });

  it('refuses a closed stop (409 invalid_status_transition on its field) and changes none of the list', async () => {
    const res = await office().post('/trans/dispatch/assign', {
      collectionIds: [s.kichijoji, s.collected],
      driverUserId: driver.id,
      vehicleId: null,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'invalid_status_transition',
      fields: { 'collectionIds.1': 'invalid_status_transition' },
    });
    expect((await rowOf(s.kichijoji)).driverUserId).toBeNull();
  });

  it('refuses a driver or vehicle not assignable: 404 driver_not_found, vehicle_not_found', async () => {
    const platform = await companyId(t.db, 'junkan収集運搬');
    const transporter = await t.db.query.users.findFirst({
      where: eq(users.email, 'transporter@example.com'),
    });
    const [theirDriver, stopped] = await t.db
      .insert(users)
      .values([
        {
          email: 'their.driver@example.com',
          passwordHash: 'x',
          role: 'DRIVER',
          companyId: platform,
          enabled: true,
        },
        {
          email: 'stopped.driver@example.com',
          passwordHash: 'x',
          role: 'DRIVER',
          companyId: toto,
          enabled: false,
        },
      ])
      .returning({ id: users.id });
    // Made without an invitation, then stopped: not invited, so not assignable.
    const [retired, theirVehicle] = await t.db
      .insert(vehicles)
      .values([
        { companyId: toto, name: '引退 1号車', vehicleClass: 'T2', active: false },
        { companyId: platform, name: '他社 2号車', vehicleClass: 'T2' },
      ])
      .returning({ id: vehicles.id });
    const assign = (driverUserId: number | null, vehicleId: number | null) =>
      office().post('/trans/dispatch/assign', { collectionIds: [s.kichijoji], driverUserId, vehicleId });
    for (const id of [theirDriver!.id, stopped!.id, transporter!.id, 2_000_000_000]) {
      const res = await assign(id, null);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().code).toBe('driver_not_found');
    }
    for (const id of [retired!.id, theirVehicle!.id]) {
      const res = await assign(null, id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().code).toBe('vehicle_not_found');
    }
    // An invited driver (no password yet) may be given stops already.
    const invited = await office().post('/trans/drivers', {
      userName: '招待 三郎',
      email: 'invited3@example.com',
    });
    expect((await assign(invited.json().id, null)).statusCode).toBe(200);
    expect((await rowOf(s.kichijoji)).driverUserId).toBe(invited.json().id);
  });
});

describe('POST /api/trans/dispatch/order', () => {
  it("sets the round's order 1..n in one call; the office's order follows it", async () => {
    const res = await office().post('/trans/dispatch/order', {
      date: day,
      collectionIds: [s.second, s.collected, s.first],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    expect((await rowOf(s.second)).stopOrder).toBe(1);
    expect((await rowOf(s.collected)).stopOrder).toBe(2);
    expect((await rowOf(s.first)).stopOrder).toBe(3);
    // The three are in one area: the order set decides.
    const ordered = (await dispatchOf()).stops.map((x) => x.id);
    expect(ordered.indexOf(s.second)).toBeLessThan(ordered.indexOf(s.collected));
    expect(ordered.indexOf(s.collected)).toBeLessThan(ordered.indexOf(s.first));
    expect(
      await t.db.query.auditLogs.findFirst({
        where: and(eq(auditLogs.entity, 'dispatch'), eq(auditLogs.action, 'order')),
      }),
    ).toBeDefined();
  });

  it('refuses a stop of another day (400 on its field) and one of another company (404), changing nothing', async () => {
    const before = (await rowOf(s.first)).stopOrder;
    const wrongDay = await office().post('/trans/dispatch/order', {
      date: day,
      collectionIds: [s.first, s.otherDay],
    });
    expect(wrongDay.statusCode).toBe(400);
    expect(wrongDay.json()).toMatchObject({
      code: 'invalid_format',
      fields: { 'collectionIds.1': 'invalid_format' },
    });
    const foreign = await t
      .as('platform')
      .post('/trans/dispatch/order', { date: day, collectionIds: [s.first] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'collection_not_found',
      fields: { 'collectionIds.0': 'collection_not_found' },
    });
    expect((await rowOf(s.first)).stopOrder).toBe(before);
    // A repeated id is refused by the schema.
    const twice = await office().post('/trans/dispatch/order', {
      date: day,
      collectionIds: [s.first, s.first],
    });
    expect(twice.statusCode).toBe(400);
    expect(
      await t.db
        .select()
        .from(collections)
        .where(inArray(collections.id, [s.first])),
    ).toHaveLength(1);
  });
});
