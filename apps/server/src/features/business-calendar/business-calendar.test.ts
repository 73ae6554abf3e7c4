import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, companies } from '../../db/schema';
import { nationalHolidayName } from '../../lib/national-holidays';

let t: TestContext;
const transporter = 'transporter';
const platform = 'platform';
let totoId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [toto] = await t.db.select().from(companies).where(eq(companies.name, '東都環境サービス株式会社'));
  totoId = toto!.id;
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
describe('national holidays dataset', () => {
  it.each([
    ['2026-01-01', '元日'],
    ['2026-05-05', 'こどもの日'],
    ['2026-05-06', 'こどもの日 振替休日'],
    ['2026-05-07', null],
  ])('%s -> %s', (date, name) => {
    expect(nationalHolidayName(date)).toBe(name);
  });
});

describe('business settings', () => {
  it('answers the defaults before anything is saved', async () => {
    const res = await t.as(transporter).get('/business-calendar/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      weekdays: [1, 2, 3, 4, 5],
      openTime: '08:00',
      closeTime: '17:00',
      closedOnNationalHolidays: true,
      closedOnYearEnd: false,
    });
  });

  it('saves settings for the caller company only, and audits it', async () => {
    const settings = {
      weekdays: [6, 1, 2, 3, 4, 5],
      openTime: '07:30',
      closeTime: '18:00',
      closedOnNationalHolidays: true,
      closedOnYearEnd: true,
    };
    const res = await t.as(transporter).put('/business-calendar/settings', settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...settings, weekdays: [1, 2, 3, 4, 5, 6] });
    expect((await t.as(transporter).get('/business-calendar/settings')).json().weekdays).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect((await t.as(platform).get('/business-calendar/settings')).json().openTime).toBe('08:00');
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'business_settings'), eq(auditLogs.entityId, String(totoId))));
    expect(audit).toHaveLength(1);
  });

  it.each([
    [
      'closing before opening',
      { openTime: '18:00', closeTime: '09:00' },
      'invalid_business_hours',
      'closeTime',
      'invalid_business_hours',
    ],
    [
      'closing at opening',
      { openTime: '09:00', closeTime: '09:00' },
      'invalid_business_hours',
      'closeTime',
      'invalid_business_hours',
    ],
    ['no weekday', { weekdays: [] }, 'validation_error', 'weekdays', 'MSG_00_21'],
    ['weekday out of range', { weekdays: [7] }, 'validation_error', 'weekdays.0', 'invalid_format'],
    ['weekday twice', { weekdays: [1, 1] }, 'validation_error', 'weekdays', 'invalid_format'],
    ['bad time', { openTime: '9:00' }, 'validation_error', 'openTime', 'invalid_format'],
    [
      'missing switch',
      { closedOnNationalHolidays: undefined },
      'validation_error',
      'closedOnNationalHolidays',
      'MSG_00_21',
    ],
  ])('refuses %s (400)', async (_name, over, code, field, fieldCode) => {
    const res = await t.as(transporter).put('/business-calendar/settings', {
      weekdays: [1, 2, 3, 4, 5],
      openTime: '08:00',
      closeTime: '17:00',
      closedOnNationalHolidays: true,
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(res.json().fields[field]).toBe(fieldCode);
  });
});

describe('closed days', () => {
  let closedId: number;

  it('adds a closed day, lists it by year, refuses the same date twice (409)', async () => {
    const res = await t.as(transporter).post('/business-calendar/closed-days', {
      date: '2026-05-08',
      reason: '設備点検',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ date: '2026-05-08', reason: '設備点検' });
    closedId = res.json().id;
    await t.as(transporter).post('/business-calendar/closed-days', {
      date: '2026-12-30',
      reason: '年末休業',
    });
    await t.as(transporter).post('/business-calendar/closed-days', { date: '2027-01-04' });
    const list = (await t.as(transporter).get('/business-calendar/closed-days?year=2026')).json();
    expect(list.map((d: Body) => d.date)).toEqual(['2026-05-08', '2026-12-30']);
    const dup = await t.as(transporter).post('/business-calendar/closed-days', {
      date: '2026-05-08',
      reason: '',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'closed_day_already_registered',
      fields: { date: 'closed_day_already_registered' },
    });
    // Another company may close the same day.
    expect(
      (await t.as(platform).post('/business-calendar/closed-days', { date: '2026-05-08' })).statusCode,
    ).toBe(200);
    expect((await t.as(platform).get('/business-calendar/closed-days?year=2026')).json()).toHaveLength(1);
  });

  it('gives one 200 and one 409 to two concurrent adds of the same date', async () => {
    const [a, b] = await Promise.all([
      t.as(transporter).post('/business-calendar/closed-days', { date: '2026-06-01' }),
      t.as(transporter).post('/business-calendar/closed-days', { date: '2026-06-01' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it.each([
    [{ date: '2026-02-30' }, 'date', 'invalid_format'],
    [{}, 'date', 'MSG_00_21'],
    [{ date: '2026-07-01', reason: 'あ'.repeat(65) }, 'reason', 'max_length_exceeded'],
  ])('refuses bad input %o (400)', async (payload, field, code) => {
    const res = await t.as(transporter).post('/business-calendar/closed-days', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(code);
  });

  it('lists need a year', async () => {
    expect((await t.as(transporter).get('/business-calendar/closed-days')).statusCode).toBe(400);
  });

  it('deletes only its own closed days', async () => {
    const theirs = (await t.as(platform).get('/business-calendar/closed-days?year=2026')).json()[0];
    expect((await t.as(transporter).delete(`/business-calendar/closed-days/${theirs.id}`)).statusCode).toBe(
      404,
    );
    const extra = (
      await t.as(transporter).post('/business-calendar/closed-days', { date: '2026-08-20' })
    ).json();
    expect((await t.as(transporter).delete(`/business-calendar/closed-days/${extra.id}`)).statusCode).toBe(
      200,
    );
    expect((await t.as(transporter).delete(`/business-calendar/closed-days/${extra.id}`)).statusCode).toBe(
      404,
    );
    expect(closedId).toBeGreaterThan(0);
  });
});

describe('month calendar and is-collectable', () => {
  it('answers each day of May 2026 with holidays, closed days and weekdays', async () => {
    const res = await t.as(transporter).get('/business-calendar?year=2026&month=5');
    expect(res.statusCode).toBe(200);
    const days = res.json() as Body[];
    expect(days).toHaveLength(31);
    const day = (d: string) => days.find((x) => x.date === `2026-05-${d}`);
    expect(day('05')).toMatchObject({
      isBusinessDay: false,
      reason: 'NATIONAL_HOLIDAY',
      holidayName: 'こどもの日',
      holidayNameEn: "Children's Day",
    });
    expect(day('06')).toMatchObject({ isBusinessDay: false, holidayName: 'こどもの日 振替休日' });
    expect(day('07')).toMatchObject({ isBusinessDay: true, weekday: 4 });
    expect(day('08')).toMatchObject({ isBusinessDay: false, reason: 'CLOSED_DAY', closedReason: '設備点検' });
    // Saturdays are business days for this company (saved above), Sundays are not.
    expect(day('09')).toMatchObject({ isBusinessDay: true, weekday: 6 });
    expect(day('10')).toMatchObject({ isBusinessDay: false, reason: 'NOT_BUSINESS_WEEKDAY' });
    expect((await t.as(transporter).get('/business-calendar?year=2026&month=13')).statusCode).toBe(400);
  });

  it('closes 29 December to 3 January for a company closed over the year end (saved above)', async () => {
    const december = (await t.as(transporter).get('/business-calendar?year=2026&month=12')).json() as Body[];
    const day = (d: string) => december.find((x) => x.date === `2026-12-${d}`);
    expect(day('28')).toMatchObject({ isBusinessDay: true });
    expect(day('29')).toMatchObject({ isBusinessDay: false, reason: 'YEAR_END' });
    expect(day('31')).toMatchObject({ isBusinessDay: false, reason: 'YEAR_END' });
  });

  it('answers whether a company collects on a day, for any signed-in user', async () => {
    const discharger = 'discharger';
    const q = (date: string, user = discharger, company: number | null = totoId) =>
      t
        .as(user)
        .get(
          `/business-calendar/is-collectable?date=${date}${company ? `&transportCompanyId=${company}` : ''}`,
        );
    expect((await q('2026-01-01')).json()).toEqual({
      collectable: false,
      reason: 'NATIONAL_HOLIDAY',
      holidayName: '元日',
    });
    expect((await q('2026-05-07')).json()).toEqual({ collectable: true });
    expect((await q('2026-05-08')).json()).toMatchObject({ collectable: false, reason: 'CLOSED_DAY' });
    // A transporter asks about itself without naming the company.
    expect((await q('2026-05-10', transporter, null)).json()).toMatchObject({
      collectable: false,
      reason: 'NOT_BUSINESS_WEEKDAY',
    });
    expect((await q('2026-05-07', discharger, null)).statusCode).toBe(400);
    expect((await q('2026-05-07', discharger, 999_999)).statusCode).toBe(404);
    expect((await q('2026-13-01')).statusCode).toBe(400);
    expect(
      (
        await t.anonymous.get(
          `/business-calendar/is-collectable?date=2026-05-07&transportCompanyId=${totoId}`,
        )
      ).statusCode,
    ).toBe(401);
  });
});

describe('who may call', () => {
  it('refuses dischargers and non-acting admins (403) and anonymous callers (401)', async () => {
    for (const email of ['discharger@example.com', 'admin@example.com']) {
      expect((await t.as(email).get('/business-calendar/settings')).statusCode).toBe(403);
      expect((await t.as(email).put('/business-calendar/settings', {})).statusCode).toBe(403);
      expect((await t.as(email).get('/business-calendar/closed-days?year=2026')).statusCode).toBe(403);
      expect(
        (await t.as(email).post('/business-calendar/closed-days', { date: '2026-05-01' })).statusCode,
      ).toBe(403);
      expect((await t.as(email).delete('/business-calendar/closed-days/1')).statusCode).toBe(403);
      expect((await t.as(email).get('/business-calendar?year=2026&month=5')).statusCode).toBe(403);
    }
    expect((await t.anonymous.get('/business-calendar/settings')).statusCode).toBe(401);
  });

  it('lets an admin acting for the transporter see its settings', async () => {
    const acting = (await t.as('admin').post(`/admin/companies/${totoId}/auth-token?isTransport=true`)).json<{
      token: string;
    }>();
    const res = await t.as(acting).get('/business-calendar/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().openTime).toBe('07:30');
  });
});
