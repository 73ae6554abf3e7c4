import { DEFAULT_BUSINESS_SETTINGS } from '@junkan/shared/business-day';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  insertRunningProject,
  type RunningProject,
  type RunningProjectOptions,
} from '../../../test/fixtures/projects';
import { mailBody } from '../../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, collectionHistory, collections, dischargeSites } from '../../db/schema';

/**
 * A transporter's calendar change and the collections on the days it closes. The business clock is Wednesday
 * 10 March 2027 in Japan; 東都 starts on the default calendar (Monday to Friday, closed on national holidays).
 */
const clock = new Date('2027-03-10T01:00:00Z');

let t: TestContext;
let ginza: number;
const DIS = 'discharger';
const TRANS = 'transporter';

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  ginza = (await t.db.query.dischargeSites.findFirst({ where: eq(dischargeSites.name, '銀座店') }))!.id;
});
afterAll(() => t.close());
// Each test starts from the default calendar again (opening days moves nothing).
afterEach(async () => {
  expect((await t.as(TRANS).put('/business-calendar/settings', DEFAULT_BUSINESS_SETTINGS)).statusCode).toBe(
    200,
  );
});

const running = (opts: RunningProjectOptions = {}) => insertRunningProject(t.db, opts);

/** A collection of the project's waste line `line` on `date`, confirmed by the transporter unless told. */
async function collectionOn(
  p: RunningProject,
  date: string,
  opts: { line?: number; confirm?: boolean } = {},
) {
  const res = await t.as(DIS).post('/collection-requests', {
    projectId: p.id,
    dischargeSiteId: ginza,
    kind: 'DATES',
    dates: [date],
    lines: [{ wasteLineId: p.lineIds[opts.line ?? 0], bags: { '45': 2 } }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db.select().from(collections).where(eq(collections.requestId, res.json().id));
  if (opts.confirm !== false) {
    const confirmed = await t.as(TRANS).post(`/trans/collections/${row!.id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return row!.id;
}

const rowsOf = async (ids: number[]) =>
  new Map(
    (await t.db.select().from(collections).where(inArray(collections.id, ids))).map((r) => [
      r.id,
      { status: r.status, date: r.date, version: r.version },
    ]),
  );

const lastHistory = async (id: number) =>
  (
    await t.db
      .select()
      .from(collectionHistory)
      .where(eq(collectionHistory.collectionId, id))
      .orderBy(desc(collectionHistory.id))
      .limit(1)
  )[0]!;

/** The preview's collections among `ids` (the demo data's own collections are left out), as [id, proposed]. */
async function preview(path: string, body: object, ids: number[]) {
  const res = await t.as(TRANS).post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().collections as { id: number; proposedDate: string | null; reason: string }[])
    .filter((c) => ids.includes(c.id))
    .map((c) => [c.id, c.proposedDate, c.reason]);
}

/** The mails the discharger received since `before`, as text. */
const dischargerMails = (before: number) =>
  t.smtp.mails
    .slice(before)
    .filter((m) => m.to.includes('discharger@example.com'))
    .map((m) => mailBody(m.raw));

describe('a closed day added on a day with collections', () => {
  it('is previewed, then each collection on it is proposed the next free collectable day, with its history and one mail', async () => {
    const p = await running();
    const q = await running();
    const onTheDay = await collectionOn(p, '2027-04-07');
    // The same waste the next day: the proposal passes over it.
    const nextDay = await collectionOn(p, '2027-04-08');
    const wished = await collectionOn(q, '2027-04-07', { confirm: false });
    const otherDay = await collectionOn(q, '2027-04-14');
    const cancelled = await collectionOn(p, '2027-04-07', { line: 1 });
    expect((await t.as(DIS).post(`/collections/${cancelled}/cancel`, {})).statusCode).toBe(200);
    const ids = [onTheDay, nextDay, wished, otherDay, cancelled];
    const before = await rowsOf(ids);

    const closedDay = { date: '2027-04-07', reason: '棚卸' };
    expect(await preview('/business-calendar/closed-days/impact', closedDay, ids)).toEqual([
      [onTheDay, '2027-04-09', 'CLOSED_DAY'],
      [wished, '2027-04-08', 'CLOSED_DAY'],
    ]);
    // The preview saves nothing.
    expect(await rowsOf(ids)).toEqual(before);
    expect((await t.as(TRANS).get('/business-calendar/closed-days?year=2027')).json()).toEqual([]);

    const mails = t.smtp.mails.length;
    const saved = await t.as(TRANS).post('/business-calendar/closed-days', closedDay);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await rowsOf(ids);
    expect(after.get(onTheDay)).toMatchObject({ status: 'ADJUSTING', date: '2027-04-09' });
    expect(after.get(wished)).toMatchObject({ status: 'ADJUSTING', date: '2027-04-08' });
    for (const id of [nextDay, otherDay, cancelled]) expect(after.get(id)).toEqual(before.get(id));

    const history = await lastHistory(onTheDay);
    expect(history).toMatchObject({
      fromStatus: 'CONFIRMED',
      toStatus: 'ADJUSTING',
      fromDate: '2027-04-07',
      toDate: '2027-04-09',
      role: 'TRANSPORT',
    });
    expect(history.reason).toContain('休業日（棚卸）');
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'collection'), eq(auditLogs.entityId, String(onTheDay))))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit[0]).toMatchObject({ action: 'collection.propose_date' });

    // One mail to the discharger lists both collections with their proposed dates.
    const told = dischargerMails(mails);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('2027-04-07');
    expect(told[0]).toContain('提案日 2027-04-09');
    expect(told[0]).toContain('提案日 2027-04-08');
    expect(told[0]).toContain('/sys/collection-schedules');

    // A proposal like any other: the discharger accepts it.
    const accepted = await t.as(DIS).post(`/collections/${onTheDay}/accept-proposal`, {});
    expect(accepted.json()).toMatchObject({ status: 'CONFIRMED', date: '2027-04-09' });
    // Nothing is left on the closed day.
    expect(await preview('/business-calendar/closed-days/impact', { date: '2027-04-07' }, ids)).toEqual([]);
  });

  it("touches only the caller's own collections, and is the transporter's call only", async () => {
    const p = await running();
    const mine = await collectionOn(p, '2027-04-21');
    // Another transporter closing the same day: nothing of 東都's moves.
    expect(await preview('/business-calendar/closed-days/impact', { date: '2027-04-21' }, [mine])).toEqual([
      [mine, '2027-04-22', 'CLOSED_DAY'],
    ]);
    const platform = await t
      .as('platform')
      .post('/business-calendar/closed-days/impact', { date: '2027-04-21' });
    expect(platform.json().collections.map((c: { id: number }) => c.id)).not.toContain(mine);
    expect(
      (await t.as('platform').post('/business-calendar/closed-days', { date: '2027-04-21' })).statusCode,
    ).toBe(200);
    expect((await rowsOf([mine])).get(mine)).toMatchObject({ status: 'CONFIRMED', date: '2027-04-21' });
    expect(
      (await t.as(DIS).post('/business-calendar/closed-days/impact', { date: '2027-04-21' })).statusCode,
    ).toBe(403);
    const badHours = await t
      .as(TRANS)
      .post('/business-calendar/settings/impact', { ...DEFAULT_BUSINESS_SETTINGS, closeTime: '07:00' });
    expect(badHours.statusCode).toBe(400);
    expect(badHours.json().fields).toEqual({ closeTime: 'invalid_business_hours' });
  });
});

describe('business settings that close days', () => {
  it('a weekday dropped: its collections are proposed the next day, or returned when the period has none', async () => {
    const p = await running();
    const wednesday = await collectionOn(p, '2027-05-12');
    const tuesday = await collectionOn(p, '2027-05-11', { line: 1 });
    // A spot contract ending on a Wednesday: no other day in its period.
    const spot = await running({ contractType: 'SPOT', startDate: '2027-05-19', endDate: '2027-05-19' });
    const lastDay = await collectionOn(spot, '2027-05-19');
    const ids = [wednesday, tuesday, lastDay];
    const before = await rowsOf(ids);
    const noWednesday = { ...DEFAULT_BUSINESS_SETTINGS, weekdays: [1, 2, 4, 5] };

    expect(await preview('/business-calendar/settings/impact', noWednesday, ids)).toEqual([
      [wednesday, '2027-05-13', 'NOT_BUSINESS_WEEKDAY'],
      [lastDay, null, 'NOT_BUSINESS_WEEKDAY'],
    ]);
    expect(await rowsOf(ids)).toEqual(before);

    const mails = t.smtp.mails.length;
    const saved = await t.as(TRANS).put('/business-calendar/settings', noWednesday);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await rowsOf(ids);
    expect(after.get(wednesday)).toMatchObject({ status: 'ADJUSTING', date: '2027-05-13' });
    expect(after.get(lastDay)).toMatchObject({ status: 'RETURNED', date: '2027-05-19' });
    expect(after.get(tuesday)).toEqual(before.get(tuesday));
    expect((await lastHistory(lastDay)).reason).toContain('契約期間内に回収できる日がありません');
    expect((await lastHistory(wednesday)).reason).toContain('定休日');

    const told = dischargerMails(mails);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('提案日 2027-05-13');
    expect(told[0]).toContain('差し戻し');
  });

  it('national holidays and the year-end break closed: their collections are proposed the next collectable day', async () => {
    const open = { ...DEFAULT_BUSINESS_SETTINGS, closedOnNationalHolidays: false };
    expect((await t.as(TRANS).put('/business-calendar/settings', open)).statusCode).toBe(200);
    const p = await running({ endDate: '2028-03-31' });
    // みどりの日 (Tuesday 4 May 2027), and 29 December 2027.
    const holiday = await collectionOn(p, '2027-05-04');
    const yearEnd = await collectionOn(p, '2027-12-29');
    const ids = [holiday, yearEnd];

    const closedOnHolidays = { ...open, closedOnNationalHolidays: true };
    expect(await preview('/business-calendar/settings/impact', closedOnHolidays, ids)).toEqual([
      // こどもの日 (5 May) is a holiday too.
      [holiday, '2027-05-06', 'NATIONAL_HOLIDAY'],
    ]);
    const mails = t.smtp.mails.length;
    expect((await t.as(TRANS).put('/business-calendar/settings', closedOnHolidays)).statusCode).toBe(200);
    expect((await rowsOf(ids)).get(holiday)).toMatchObject({ status: 'ADJUSTING', date: '2027-05-06' });
    expect((await lastHistory(holiday)).reason).toContain('みどりの日');
    expect(dischargerMails(mails)).toHaveLength(1);

    const yearEndClosed = { ...closedOnHolidays, closedOnYearEnd: true };
    expect(await preview('/business-calendar/settings/impact', yearEndClosed, ids)).toEqual([
      [yearEnd, '2028-01-04', 'YEAR_END'],
    ]);
    expect((await t.as(TRANS).put('/business-calendar/settings', yearEndClosed)).statusCode).toBe(200);
    expect((await rowsOf(ids)).get(yearEnd)).toMatchObject({ status: 'ADJUSTING', date: '2028-01-04' });
    expect((await rowsOf(ids)).get(holiday)).toMatchObject({ status: 'ADJUSTING', date: '2027-05-06' });
  });
});
