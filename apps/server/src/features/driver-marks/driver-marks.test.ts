import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, DIS, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { insertDriver, insertStops, insertVehicle, markBody } from '../../../test/fixtures/driver-marks';
import { insertRunningProject, type RunningProject } from '../../../test/fixtures/projects';
import { mailBody } from '../../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, collectionHistory, collectionMarks, collections, users } from '../../db/schema';

/** Wednesday 10 March 2027, 10:00 in Japan: the driver's day runs to Friday 12 March. */
const clock = new Date('2027-03-10T01:00:00Z');
const TODAY = '2027-03-10';

let t: TestContext;
let project: RunningProject;
const ids = { toto: 0, platform: 0, truck1: 0, truck2: 0, driverA: 0, driverB: 0, driverP: 0 };
const A = 'driver-a@example.com';
const B = 'driver-b@example.com';
const P = 'driver-p@example.com';

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  ids.toto = await companyId(t.db, '東都環境サービス株式会社');
  ids.platform = await companyId(t.db, 'junkan収集運搬');
  ids.truck1 = await insertVehicle(t.db, ids.toto, 'テスト車 1号');
  ids.truck2 = await insertVehicle(t.db, ids.toto, 'テスト車 2号');
  ids.driverA = await insertDriver(t.db, {
    companyId: ids.toto,
    email: A,
    userName: '運転 一郎',
    vehicleId: ids.truck1,
  });
  ids.driverB = await insertDriver(t.db, {
    companyId: ids.toto,
    email: B,
    userName: '運転 二郎',
    vehicleId: ids.truck2,
  });
  ids.driverP = await insertDriver(t.db, { companyId: ids.platform, email: P, userName: '他社 三郎' });
  project = await insertRunningProject(t.db);
});
afterAll(() => t.close());

type Stop = Awaited<ReturnType<typeof insertStops>>[number];
const stop = async (date: string, opts: Parameters<typeof insertStops>[3] = {}): Promise<Stop> =>
  (await insertStops(t.db, project, [date], opts))[0]!;
const line = () => project.lineIds[0]!;
const marksOf = (collectionId: number) =>
  t.db.select().from(collectionMarks).where(eq(collectionMarks.collectionId, collectionId));
const statusOf = async (id: number) =>
  (await t.db.select().from(collections).where(eq(collections.id, id)))[0]!.status;
const mailsSince = (before: number) => t.smtp.mails.slice(before);
const mailTo = (before: number, email: string) => mailsSince(before).filter((m) => m.to.includes(email));

describe('GET /driver/day', () => {
  it("answers only the driver's stops of its company from today to the day after tomorrow", async () => {
    const mine = await stop(TODAY, { driverUserId: ids.driverA, stopOrder: 2 });
    const first = await stop(TODAY, { driverUserId: ids.driverA, stopOrder: 1 });
    const byVehicle = await stop('2027-03-11', { vehicleId: ids.truck1 });
    const done = await stop('2027-03-12', { driverUserId: ids.driverA, status: 'COLLECTED' });
    // Not A's: another driver named on A's vehicle, another vehicle, nobody, another status or day.
    const forB = await stop('2027-03-12', { vehicleId: ids.truck1, driverUserId: ids.driverB });
    await stop(TODAY, { vehicleId: ids.truck2 });
    await stop(TODAY, {});
    await stop(TODAY, { driverUserId: ids.driverA, status: 'DESIRED_DATE' });
    await stop(TODAY, { driverUserId: ids.driverA, status: 'CANCELLED' });
    await stop('2027-03-13', { driverUserId: ids.driverA });
    await stop('2027-03-09', { driverUserId: ids.driverA });
    // Another company's collection naming A stays out whatever its dispatch says.
    await stop(TODAY, { driverUserId: ids.driverA, transportCompanyId: ids.platform });

    const res = await t.as(A).get('/driver/day');
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json();
    expect(day).toMatchObject({
      today: TODAY,
      to: '2027-03-12',
      driver: { userName: '運転 一郎', vehicleName: 'テスト車 1号' },
    });
    expect(day.stops.map((s: { id: number }) => s.id)).toEqual([first.id, mine.id, byVehicle.id, done.id]);
    expect(day.stops[0]).toEqual({
      id: first.id,
      version: 2,
      date: TODAY,
      status: 'CONFIRMED',
      areaName: '銀座・京橋',
      stopOrder: 1,
      projectTitle: project.title,
      projectType: 'REGULAR',
      dischargerName: '株式会社グリーン商事',
      site: expect.objectContaining({ name: '銀座店', postalCode: '104-0061' }),
      entryFrom: '08:00',
      entryUntil: '10:00',
      vehicleLimit: 'NONE',
      memo: '裏口から搬出',
      lines: [
        {
          wasteLineId: line(),
          wasteName: '可燃ごみ',
          kind: 'REGULAR',
          bags: { '45': 2 },
          volume: null,
          unit: 'kg',
        },
      ],
      lastMark: null,
    });
    expect(day.stops[0].site.address).toContain('中央区');
    // A driver never sees what the office charges.
    expect(res.body).not.toMatch(/price/i);

    const b = (await t.as(B).get('/driver/day')).json();
    expect(b.stops.map((s: { id: number }) => s.id)).toContain(forB.id);
    expect(b.stops.map((s: { id: number }) => s.id)).not.toContain(byVehicle.id);
    expect((await t.as(P).get('/driver/day')).json().stops).toEqual([]);
  });

  it("is a driver's call only", async () => {
    for (const who of [TRANS, DIS, 'admin@example.com'])
      expect((await t.as(who).get('/driver/day')).statusCode, who).toBe(403);
    expect((await t.anonymous.get('/driver/day')).statusCode).toBe(401);
  });
});

describe('POST /driver/marks', () => {
  it('applies a mark once for two sends, as the driver, and mails the discharger', async () => {
    const s = await stop(TODAY, { driverUserId: ids.driverA });
    const body = markBody(s, line());
    const before = t.smtp.mails.length;
    const first = await t.as(A).post('/driver/marks', body);
    expect(first.statusCode, first.body).toBe(200);
    const marks = await marksOf(s.id);
    expect(first.json()).toEqual({
      clientId: body.clientId,
      markId: marks[0]!.id,
      state: 'APPLIED',
      conflictCode: null,
      collectionStatus: 'COLLECTED',
      hasPhoto: false,
    });
    const again = await t.as(A).post('/driver/marks', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await marksOf(s.id)).toHaveLength(1);
    expect(marks[0]).toMatchObject({
      driverUserId: ids.driverA,
      vehicleId: ids.truck1,
      transportCompanyId: ids.toto,
      lines: [{ wasteLineId: line(), bags: { '45': 2 }, weightKg: 12.5, volume: null }],
      latitude: 35.6717,
      markedAt: new Date('2027-03-10T00:15:00Z'),
    });

    expect(await statusOf(s.id)).toBe('COLLECTED');
    const history = await t.db
      .select()
      .from(collectionHistory)
      .where(eq(collectionHistory.collectionId, s.id));
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: 'CONFIRMED',
        toStatus: 'COLLECTED',
        userId: ids.driverA,
        role: 'TRANSPORT',
      }),
    ]);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'collection'), eq(auditLogs.entityId, String(s.id))));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'collection.mark_collected',
      'collection_mark.create',
    ]);
    // The discharger gets the mail the office's own marking sends, once; the office is not asked anything.
    const toDischarger = mailTo(before, DIS);
    expect(toDischarger).toHaveLength(1);
    expect(mailBody(toDischarger[0]!.raw)).toContain('収集運搬業者が回収を完了しました。');
    expect(mailTo(before, TRANS)).toHaveLength(0);

    // The same client id for another stop is the phone's mistake.
    const other = await stop(TODAY, { driverUserId: ids.driverA });
    const reused = await t
      .as(A)
      .post('/driver/marks', { ...markBody(other, line()), clientId: body.clientId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('driver_mark_client_reused');
    expect(await marksOf(other.id)).toHaveLength(0);
    // The day shows the stop done.
    const day = (await t.as(A).get('/driver/day')).json();
    expect(day.stops.find((x: { id: number }) => x.id === s.id).lastMark).toEqual({
      result: 'COLLECTED',
      state: 'APPLIED',
      markedAt: '2027-03-10T00:15:00.000Z',
    });
  });

  it('stores one mark for two sends at the same time', async () => {
    const s = await stop(TODAY, { vehicleId: ids.truck1 });
    const body = markBody(s, line());
    const before = t.smtp.mails.length;
    const [one, two] = await Promise.all([
      t.as(A).post('/driver/marks', body),
      t.as(A).post('/driver/marks', body),
    ]);
    expect([one!.statusCode, two!.statusCode]).toEqual([200, 200]);
    expect(one!.json()).toEqual(two!.json());
    expect(one!.json().state).toBe('APPLIED');
    expect(await marksOf(s.id)).toHaveLength(1);
    expect(
      await t.db.select().from(collectionHistory).where(eq(collectionHistory.collectionId, s.id)),
    ).toHaveLength(1);
    expect(mailTo(before, DIS)).toHaveLength(1);

    // One client id sent at once for two stops of two projects (which lock different rows): the unique index
    // keeps one; the other is refused and its stop not moved.
    const second = await insertRunningProject(t.db);
    const x = await stop(TODAY, { vehicleId: ids.truck1 });
    const y = (await insertStops(t.db, second, [TODAY], { vehicleId: ids.truck1 }))[0]!;
    const clientId = markBody(x, line()).clientId;
    const answers = await Promise.all(
      [
        [x, line()],
        [y, second.lineIds[0]!],
      ].map(([s, l]) => t.as(A).post('/driver/marks', { ...markBody(s as Stop, l as number), clientId })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('driver_mark_client_reused');
    const kept = await t.db.select().from(collectionMarks).where(eq(collectionMarks.clientId, clientId));
    expect(kept).toHaveLength(1);
    const refusedStop = kept[0]!.collectionId === x.id ? y : x;
    expect(await statusOf(refusedStop.id)).toBe('CONFIRMED');
  });

  it("needs a reason for a stop not collected, and writes it with the driver's words", async () => {
    const s = await stop(TODAY, { driverUserId: ids.driverA });
    const bare = markBody(s, line(), { result: 'NOT_COLLECTED', lines: [] });
    const refused = await t.as(A).post('/driver/marks', bare);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_error', fields: { reasonCode: 'MSG_00_21' } });
    const other = await t.as(A).post('/driver/marks', { ...bare, reasonCode: 'OTHER' });
    expect(other.json().fields).toEqual({ reasonText: 'MSG_00_21' });
    expect(await marksOf(s.id)).toHaveLength(0);

    const before = t.smtp.mails.length;
    const res = await t
      .as(A)
      .post('/driver/marks', { ...bare, reasonCode: 'CLOSED', reasonText: '門が施錠されていた' });
    expect(res.json()).toMatchObject({ state: 'APPLIED', collectionStatus: 'NOT_COLLECTED' });
    const [row] = await t.db.select().from(collections).where(eq(collections.id, s.id));
    expect(row!.reason).toBe('不在・閉鎖: 門が施錠されていた');
    const [h] = await t.db.select().from(collectionHistory).where(eq(collectionHistory.collectionId, s.id));
    expect(h).toMatchObject({
      toStatus: 'NOT_COLLECTED',
      reason: '不在・閉鎖: 門が施錠されていた',
      userId: ids.driverA,
    });
    expect(mailBody(mailTo(before, DIS)[0]!.raw)).toContain('理由: 不在・閉鎖: 門が施錠されていた');
  });

  it('keeps a mark on a stop the office gave another driver as a conflict, without applying it', async () => {
    const forB = await stop(TODAY, { driverUserId: ids.driverB });
    const res = await t.as(A).post('/driver/marks', markBody(forB, line()));
    expect(res.json()).toMatchObject({ state: 'CONFLICT', conflictCode: 'driver_not_assigned' });
    expect(await statusOf(forB.id)).toBe('CONFIRMED');
    expect(await marksOf(forB.id)).toHaveLength(1);
    const conflicts = (await t.as(TRANS).get('/trans/driver-marks/conflicts')).json();
    expect(conflicts.find((c: { mark: { id: number } }) => c.mark.id === res.json().markId)).toMatchObject({
      canApply: true,
    });
  });

  it("refuses another company's stop or none, and lines the request does not hold", async () => {
    const otherCompany = await stop(TODAY, { driverUserId: ids.driverA, transportCompanyId: ids.platform });
    const mine = await stop(TODAY, { driverUserId: ids.driverA });
    for (const target of [otherCompany, { ...mine, id: 2_000_000_000 }]) {
      const res = await t.as(A).post('/driver/marks', markBody(target, line()));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('driver_not_assigned');
    }
    // The other company's own driver is told the same of this company's stop.
    const res = await t.as(P).post('/driver/marks', markBody(mine, line()));
    expect([res.statusCode, res.json().code]).toEqual([404, 'driver_not_assigned']);

    const wrongLine = await t.as(A).post(
      '/driver/marks',
      markBody(mine, line(), {
        lines: [
          { wasteLineId: line(), bags: { '45': 1 } },
          { wasteLineId: project.lineIds[1], bags: { '45': 1 } },
        ],
      }),
    );
    expect(wrongLine.statusCode).toBe(400);
    expect(wrongLine.json().fields).toEqual({ 'lines.1.wasteLineId': 'invalid_format' });
    for (const s of [otherCompany, mine]) expect(await marksOf(s.id)).toHaveLength(0);
    expect(await statusOf(mine.id)).toBe('CONFIRMED');
  });
});

describe('conflicts', () => {
  it('keeps a mark on a cancelled or moved stop as a conflict, mails the office, and lets it discard', async () => {
    const cancelled = await stop(TODAY, { driverUserId: ids.driverA });
    const moved = await stop(TODAY, { driverUserId: ids.driverA });
    const early = await stop('2027-03-11', { driverUserId: ids.driverA });
    const cancelBody = markBody(cancelled, line());
    const moveBody = markBody(moved, line());
    // The phone marked them with what it had; meanwhile the stop was cancelled, the other moved to tomorrow.
    await t.db
      .update(collections)
      .set({ status: 'CANCELLED', version: 3 })
      .where(eq(collections.id, cancelled.id));
    await t.db
      .update(collections)
      .set({ date: '2027-03-11', version: 3 })
      .where(eq(collections.id, moved.id));
    const before = t.smtp.mails.length;
    const res = await t.as(A).post('/driver/marks', cancelBody);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'CONFLICT',
      conflictCode: 'driver_mark_stop_cancelled',
      collectionStatus: 'CANCELLED',
    });
    expect((await t.as(A).post('/driver/marks', moveBody)).json().conflictCode).toBe(
      'driver_mark_stop_moved',
    );
    expect((await t.as(A).post('/driver/marks', markBody(early, line()))).json().conflictCode).toBe(
      'driver_mark_too_early',
    );
    expect(await statusOf(cancelled.id)).toBe('CANCELLED');
    expect(await statusOf(early.id)).toBe('CONFIRMED');
    // The office (not the driver, not the discharger) hears of each, with the dispatch page's link.
    const office = mailTo(before, TRANS);
    expect(office).toHaveLength(3);
    const text = mailBody(office[0]!.raw);
    expect(text).toContain('ドライバー: 運転 一郎');
    expect(text).toContain('http://junkan.test/sys/dispatch');
    expect(mailTo(before, DIS)).toHaveLength(0);
    expect(mailTo(before, A)).toHaveLength(0);

    const list = await t.as(TRANS).get('/trans/driver-marks/conflicts');
    expect(list.statusCode).toBe(200);
    const found = list.json().find((c: { collection: { id: number } }) => c.collection.id === cancelled.id);
    expect(found).toMatchObject({
      mark: {
        result: 'COLLECTED',
        state: 'CONFLICT',
        driverName: '運転 一郎',
        vehicleName: 'テスト車 1号',
      },
      collection: { status: 'CANCELLED', siteName: '銀座店', dischargerName: '株式会社グリーン商事' },
      canApply: false,
    });
    const apply = await t.as(TRANS).post(`/trans/driver-marks/${found.mark.id}/apply`);
    expect([apply.statusCode, apply.json().code]).toEqual([409, 'driver_mark_stop_cancelled']);
    const discard = await t.as(TRANS).post(`/trans/driver-marks/${found.mark.id}/discard`);
    expect(discard.statusCode).toBe(200);
    expect(discard.json()).toMatchObject({ mark: { state: 'DISCARDED' }, canApply: false });
    const [row] = await marksOf(cancelled.id);
    expect(row).toMatchObject({ state: 'DISCARDED', resolvedBy: expect.any(Number) });
    expect(row!.resolvedAt).toBeInstanceOf(Date);
    expect(await statusOf(cancelled.id)).toBe('CANCELLED');
    const twice = await t.as(TRANS).post(`/trans/driver-marks/${found.mark.id}/discard`);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'driver_mark_not_conflict']);
    const after = (await t.as(TRANS).get('/trans/driver-marks/conflicts')).json();
    expect(after.map((c: { mark: { id: number } }) => c.mark.id)).not.toContain(found.mark.id);
  });

  it('lets the office apply a mark the stop can still take, as itself, and mails the discharger', async () => {
    const s = await stop(TODAY, { driverUserId: ids.driverA });
    const body = markBody(s, line());
    // The office recorded the stop as not collected before the phone's mark arrived.
    const office = await t.as(TRANS).post(`/trans/collections/${s.id}/not-collected`, { reason: '連絡なし' });
    expect(office.statusCode, office.body).toBe(200);
    const res = (await t.as(A).post('/driver/marks', body)).json();
    expect(res).toMatchObject({ state: 'CONFLICT', conflictCode: 'driver_mark_already_marked' });
    const conflicts = (await t.as(TRANS).get('/trans/driver-marks/conflicts')).json();
    expect(conflicts.find((c: { mark: { id: number } }) => c.mark.id === res.markId).canApply).toBe(true);

    // Another company's office neither sees nor decides it.
    const platformList = (await t.as(PLATFORM).get('/trans/driver-marks/conflicts')).json();
    expect(platformList.map((c: { mark: { id: number } }) => c.mark.id)).not.toContain(res.markId);
    for (const action of ['apply', 'discard']) {
      const foreign = await t.as(PLATFORM).post(`/trans/driver-marks/${res.markId}/${action}`);
      expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'driver_mark_not_found']);
    }
    // Nor does the driver.
    expect((await t.as(A).post(`/trans/driver-marks/${res.markId}/apply`)).statusCode).toBe(403);

    const before = t.smtp.mails.length;
    const applied = await t.as(TRANS).post(`/trans/driver-marks/${res.markId}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      mark: { state: 'RESOLVED_APPLIED' },
      collection: { status: 'COLLECTED' },
      canApply: false,
    });
    expect(await statusOf(s.id)).toBe('COLLECTED');
    const transporter = await t.db.query.users.findFirst({ where: eq(users.email, TRANS) });
    const history = await t.db
      .select()
      .from(collectionHistory)
      .where(eq(collectionHistory.collectionId, s.id));
    expect(history.at(-1)).toMatchObject({
      toStatus: 'COLLECTED',
      userId: transporter!.id,
      role: 'TRANSPORT',
    });
    expect(mailBody(mailTo(before, DIS)[0]!.raw)).toContain('収集運搬業者が回収を完了しました。');
    // The phone's retry now hears the decision.
    expect((await t.as(A).post('/driver/marks', body)).json()).toMatchObject({
      state: 'RESOLVED_APPLIED',
      collectionStatus: 'COLLECTED',
    });
    const again = await t.as(TRANS).post(`/trans/driver-marks/${res.markId}/apply`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'driver_mark_not_conflict']);
  });
});
