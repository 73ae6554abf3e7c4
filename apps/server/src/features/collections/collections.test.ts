import type { CollectionRequestOption } from '@junkan/shared/api/collections';
import { transportReportDeadline } from '@junkan/shared/transport-deadline';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRunningProject, type RunningProjectOptions } from '../../../test/fixtures/projects';
import { mailBody } from '../../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  auditLogs,
  businessClosedDays,
  collectionAreaPostalCodes,
  collectionAreas,
  collectionHistory,
  collectionRequests,
  collections,
  companies,
  contracts,
  dischargeSites,
  projectStatusHistory,
  projects,
  projectWasteLines,
  regularReports,
  transportReports,
  users,
  wastes,
} from '../../db/schema';
import { nationalHolidayName } from '../../lib/national-holidays';
import { tokyoDate } from '../../lib/time';
import { DEMO_SPOT_PROJECT } from '../../seed/demo-collections';
import { advanceContracts } from '../contracts/contract-calendar';

/**
 * The business clock starts on Wednesday 10 March 2027, 10:00 in Japan. 東都's calendar is the default one
 * (Monday to Friday, closed on national holidays): Saturday 13 March is not collected, nor Monday 22 March
 * (振替休日) or Thursday 29 April (昭和の日).
 */
let clock = new Date('2027-03-10T01:00:00Z');
const setToday = (date: string) => {
  clock = new Date(`${date}T01:00:00Z`);
};

let t: TestContext;
const DIS = 'discharger';
const DIS2 = 'discharger2';
const TRANS = 'transporter';
const PLATFORM = 'platform';

let f: {
  green: number;
  toto: number;
  ginza: number;
  kichijoji: number;
  combustible: number;
  cardboard: number;
  plastics: number;
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const company = async (name: string) =>
    (await t.db.query.companies.findFirst({ where: eq(companies.name, name) }))!.id;
  const green = await company('株式会社グリーン商事');
  const toto = await company('東都環境サービス株式会社');
  const sites = await t.db.select().from(dischargeSites).where(eq(dischargeSites.companyId, green));
  const waste = async (category: 'REGULAR' | 'INDUSTRIAL', name: string) =>
    (await t.db.query.wastes.findFirst({ where: and(eq(wastes.category, category), eq(wastes.name, name)) }))!
      .id;
  f = {
    green,
    toto,
    ginza: sites.find((s) => s.name === '銀座店')!.id,
    kichijoji: sites.find((s) => s.name === '𠮷祥寺倉庫')!.id,
    combustible: await waste('REGULAR', '可燃ごみ'),
    cardboard: (await t.db.select().from(wastes).where(eq(wastes.category, 'REGULAR')))[1]!.id,
    plastics: await waste('INDUSTRIAL', '廃プラスチック類'),
  };
  // 東都 serves 銀座 (104-0061) for regular garbage in the demo data; here for industrial waste too.
  const [area] = await t.db
    .insert(collectionAreas)
    .values({ transportCompanyId: toto, type: 'INDUSTRIAL', areaName: '中央区 産廃' })
    .returning();
  await t.db
    .insert(collectionAreaPostalCodes)
    .values({ areaId: area!.id, transportCompanyId: toto, type: 'INDUSTRIAL', posCode: '1040061' });
});
afterAll(() => t.close());

/** A project of グリーン商事 carried by 東都 under an approved contract (written directly). */
const runningProject = (opts: RunningProjectOptions = {}) => insertRunningProject(t.db, opts);

type Project = Awaited<ReturnType<typeof runningProject>>;

const datesBody = (p: Project, dates: string[], over: Record<string, unknown> = {}) => ({
  projectId: p.id,
  dischargeSiteId: f.ginza,
  kind: 'DATES',
  dates,
  lines: [{ wasteLineId: p.lineIds[0], bags: { '45': 2 } }],
  ...over,
});

const recurringBody = (p: Project, over: Record<string, unknown> = {}) => ({
  projectId: p.id,
  dischargeSiteId: f.ginza,
  kind: 'RECURRING',
  frequency: 'WEEKLY',
  weekdays: [1, 4],
  collectionCount: 2,
  lines: [{ wasteLineId: p.lineIds[0], bags: { '45': 4, '70': 2 } }],
  ...over,
});

interface Created {
  id: number;
  collections: { date: string; status: string; skipReason: string | null }[];
}

async function request(body: object): Promise<Created> {
  const res = await t.as(DIS).post('/collection-requests', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The ids of a request's collections by date. */
async function collectionsOf(requestId: number) {
  const rows = await t.db.select().from(collections).where(eq(collections.requestId, requestId));
  return rows.sort((a, b) => a.date.localeCompare(b.date));
}

/** One desired collection of a new request, for actions. */
async function oneCollection(p: Project, date: string) {
  const created = await request(datesBody(p, [date]));
  return (await collectionsOf(created.id))[0]!;
}

const mailsSince = (before: number) => t.smtp.mails.slice(before);
const mailTo = (before: number, who: string) =>
  mailsSince(before).find((m) => m.to.includes(`${who}@example.com`));

async function refused(body: object, status = 400) {
  const res = await t.as(DIS).post('/collection-requests/check', body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { code: string; fields?: Record<string, string>; params?: Record<string, string> };
}

// First: the contract calendar that later tests run moves the demo contracts too.
describe('the demo data', () => {
  it('holds a month of regular collections and a spot collection, and the demo project passes the rules', async () => {
    const today = tokyoDate(new Date());
    const [regular] = await t.db.select().from(projects).where(eq(projects.title, '銀座店 可燃ごみ定期回収'));
    const rows = await t.db.select().from(collections).where(eq(collections.projectId, regular!.id));
    const thisMonth = rows.filter((r) => r.desiredDate.slice(0, 7) === today.slice(0, 7));
    expect(thisMonth.length).toBeGreaterThanOrEqual(7);
    for (const r of rows) {
      if (r.status === 'SKIPPED') continue;
      if (r.desiredDate < today) expect(r.status).toBe('COLLECTED');
      else expect(['CONFIRMED', 'ADJUSTING']).toContain(r.status);
    }
    expect(rows.filter((r) => r.status === 'ADJUSTING')).toHaveLength(1);
    const [spot] = await t.db.select().from(projects).where(eq(projects.title, DEMO_SPOT_PROJECT));
    expect(spot!.status).toBe('IN_PROGRESS');
    const spotRows = await t.db.select().from(collections).where(eq(collections.projectId, spot!.id));
    expect(spotRows.map((r) => r.status)).toEqual(['CONFIRMED']);
    expect(spotRows[0]!.date > today).toBe(true);
    // On the test's clock (10 March 2027) the demo project takes a Tuesday request: its site is in 東都's area.
    const [line] = await t.db
      .select()
      .from(projectWasteLines)
      .where(eq(projectWasteLines.projectId, regular!.id));
    const res = await t.as(DIS).post('/collection-requests/check', {
      projectId: regular!.id,
      dischargeSiteId: f.ginza,
      kind: 'DATES',
      dates: ['2027-03-16'],
      lines: [{ wasteLineId: line!.id, bags: { '45': 1 } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    // A Monday it is collected on already is refused.
    const monday = await t.as(DIS).post('/collection-requests/check', {
      projectId: regular!.id,
      dischargeSiteId: f.ginza,
      kind: 'DATES',
      dates: ['2027-03-15'],
      lines: [{ wasteLineId: line!.id, bags: { '45': 1 } }],
    });
    expect(monday.json().fields).toEqual({ 'dates.0': 'same_waste_same_date' });
  });
});

describe('who may call', () => {
  it('refuses a discharger without the collection-request keys, the transporter and the wrong side', async () => {
    const p = await runningProject();
    for (const [method, url] of [
      ['get', '/collection-requests/options'],
      ['get', `/collection-requests/collectable-days?projectId=${p.id}&from=2027-03-10&to=2027-03-20`],
      ['post', '/collection-requests/check'],
      ['post', '/collection-requests'],
    ] as const)
      for (const who of [DIS2, TRANS, 'admin']) {
        const res =
          method === 'get'
            ? await t.as(who).get(url)
            : await t.as(who).post(url, datesBody(p, ['2027-03-11']));
        expect(res.statusCode, `${method} ${url} as ${who}`).toBe(403);
      }
    expect((await t.as(DIS).get('/trans/collections?from=2027-03-01&to=2027-03-31')).statusCode).toBe(403);
    expect((await t.as(TRANS).get('/collections?from=2027-03-01&to=2027-03-31')).statusCode).toBe(403);
  });
});

describe('request options and collectable days', () => {
  it("offers the caller's projects in progress under an approved contract, with the requestable period", async () => {
    const p = await runningProject({
      contractType: 'AUTO_UPDATE',
      startDate: '2026-04-01',
      endDate: '2027-03-31',
    });
    const ended = await runningProject({ status: 'COMPLETE' });
    const res = await t.as(DIS).get('/collection-requests/options');
    expect(res.statusCode).toBe(200);
    const options = res.json() as { projectId: number }[];
    expect(options.find((o) => o.projectId === p.id)).toEqual({
      projectId: p.id,
      projectTitle: p.title,
      projectType: 'REGULAR',
      contract: {
        id: p.contractId,
        contractType: 'AUTO_UPDATE',
        startDate: '2026-04-01',
        endDate: '2027-03-31',
        requestableUntil: '2028-03-31',
        collectionsLeft: null,
      },
      transportCompany: { id: f.toto, name: '東都環境サービス株式会社' },
      wasteLines: [
        { id: p.lineIds[0], wasteName: '可燃ごみ', kind: 'REGULAR', unit: 'kg' },
        { id: p.lineIds[1], wasteName: '段ボール', kind: 'REGULAR', unit: 'kg' },
      ],
      dischargeSites: [{ id: f.ginza, name: '銀座店', address: '東京都中央区銀座1-2-3 銀座グリーンビル1F' }],
    });
    expect(options.some((o) => o.projectId === ended.id)).toBe(false);
    // The demo regular project is offered too; no project of another company is.
    const titles = (res.json() as { projectTitle: string }[]).map((o) => o.projectTitle);
    expect(titles).toContain('銀座店 可燃ごみ定期回収');
    expect(titles.some((x) => x.startsWith('梅田'))).toBe(false);
  });

  it("answers the transporter's calendar with the reasons, for 93 days at most", async () => {
    const p = await runningProject();
    const res = await t
      .as(DIS)
      .get(`/collection-requests/collectable-days?projectId=${p.id}&from=2027-03-19&to=2027-03-23`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { date: '2027-03-19', collectable: true, reason: null },
      { date: '2027-03-20', collectable: false, reason: 'NOT_BUSINESS_WEEKDAY' },
      { date: '2027-03-21', collectable: false, reason: 'NATIONAL_HOLIDAY' },
      { date: '2027-03-22', collectable: false, reason: 'NATIONAL_HOLIDAY' },
      { date: '2027-03-23', collectable: true, reason: null },
    ]);
    const long = await t
      .as(DIS)
      .get(`/collection-requests/collectable-days?projectId=${p.id}&from=2027-03-01&to=2027-06-02`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ to: 'invalid_period' });
    const ok = await t
      .as(DIS)
      .get(`/collection-requests/collectable-days?projectId=${p.id}&from=2027-03-01&to=2027-06-01`);
    expect(ok.json()).toHaveLength(93);
  });
});

describe('requesting dates', () => {
  it('checks without saving, then saves the request, its collections and history, and mails the transporter', async () => {
    const p = await runningProject();
    const body = datesBody(p, ['2027-03-15', '2027-03-11'], {
      vehicleLimit: 'T2',
      entryFrom: '08:00',
      entryUntil: '10:00',
      memo: '裏口から',
    });
    const check = await t.as(DIS).post('/collection-requests/check', body);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      collections: [
        { date: '2027-03-11', status: 'DESIRED_DATE', skipReason: null },
        { date: '2027-03-15', status: 'DESIRED_DATE', skipReason: null },
      ],
    });
    expect(
      await t.db.select().from(collectionRequests).where(eq(collectionRequests.projectId, p.id)),
    ).toEqual([]);

    const before = t.smtp.mails.length;
    const created = await request(body);
    expect(created.collections).toEqual(check.json().collections);
    const rows = await collectionsOf(created.id);
    expect(rows.map((r) => [r.date, r.status, r.companyId, r.transportCompanyId])).toEqual([
      ['2027-03-11', 'DESIRED_DATE', f.green, f.toto],
      ['2027-03-15', 'DESIRED_DATE', f.green, f.toto],
    ]);
    const history = await t.db
      .select()
      .from(collectionHistory)
      .where(
        inArray(
          collectionHistory.collectionId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(collectionHistory.id));
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ fromStatus: null, toStatus: 'DESIRED_DATE', role: 'WASTE' });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'collection_request'), eq(auditLogs.entityId, String(created.id))));
    expect(audit?.action).toBe('collection_request.create');

    const mail = mailTo(before, TRANS);
    expect(mail).toBeDefined();
    const text = mailBody(mail!.raw);
    expect(text).toContain('回収依頼が届きました');
    expect(text).toContain(`案件名: ${p.title}`);
    expect(text).toContain('回収希望日: 2027-03-11、2027-03-15');
    expect(text).toContain(`/sys/collection-schedules/detail/${rows[0]!.id}`);
    expect(mailsSince(before).flatMap((m) => m.to)).toEqual(['transporter@example.com']);

    const detail = (await t.as(DIS).get(`/collections/${rows[0]!.id}`)).json();
    expect(detail).toMatchObject({
      vehicleLimit: 'T2',
      entryFrom: '08:00',
      entryUntil: '10:00',
      memo: '裏口から',
      lines: [{ wasteLineId: p.lineIds[0], wasteName: '可燃ごみ', bags: { '45': 2 }, volume: null }],
      dischargeSite: { id: f.ginza, name: '銀座店' },
      dischargeSiteDetail: { postalCode: '104-0061', pic: '鈴木 一郎' },
      actions: ['CANCEL'],
      history: [{ toStatus: 'DESIRED_DATE', userName: '山田 太郎', role: 'WASTE', actedByAdmin: false }],
    });
  });

  it('refuses each date rule with its field code', async () => {
    const p = await runningProject({ endDate: '2027-04-30' });
    expect((await refused(datesBody(p, ['2027-03-09']))).fields).toEqual({ 'dates.0': 'date_in_past' });
    expect((await refused(datesBody(p, ['2027-03-11', '2027-05-06']))).fields).toEqual({
      'dates.1': 'collection_outside_contract',
    });
    const saturday = await refused(datesBody(p, ['2027-03-13']));
    expect(saturday).toMatchObject({
      code: 'validation_error',
      fields: { 'dates.0': 'collection_date_not_collectable' },
      params: { 'dates.0.reason': 'NOT_BUSINESS_WEEKDAY', 'dates.0.nextDate': '2027-03-15' },
    });
    const holiday = await refused(datesBody(p, ['2027-03-11', '2027-03-22']));
    expect(holiday.params).toEqual({
      'dates.1.reason': 'NATIONAL_HOLIDAY',
      'dates.1.nextDate': '2027-03-23',
    });
    // A closed day the transporter registered, with no collectable day left in the period.
    await t.db.insert(businessClosedDays).values({ companyId: f.toto, date: '2027-04-30', reason: '棚卸' });
    const closed = await refused(datesBody(p, ['2027-04-30']));
    expect(closed.fields).toEqual({ 'dates.0': 'collection_date_not_collectable' });
    expect(closed.params).toEqual({ 'dates.0.reason': 'CLOSED_DAY' });
    expect((await refused(datesBody(p, ['2027-03-11', '2027-03-11']))).fields).toEqual({
      'dates.1': 'same_waste_same_date',
    });
    expect((await refused(datesBody(p, []))).fields).toEqual({ dates: 'MSG_00_21' });
    expect((await refused(datesBody(p, ['2027-02-30']))).fields).toEqual({ 'dates.0': 'invalid_format' });
  });

  it('refuses the same waste on a date it is already collected, but not another waste', async () => {
    const p = await runningProject();
    await request(datesBody(p, ['2027-03-16']));
    expect((await refused(datesBody(p, ['2027-03-17', '2027-03-16']))).fields).toEqual({
      'dates.1': 'same_waste_same_date',
    });
    const other = datesBody(p, ['2027-03-16'], { lines: [{ wasteLineId: p.lineIds[1], volume: '12.5' }] });
    expect((await t.as(DIS).post('/collection-requests/check', other)).statusCode).toBe(200);
  });

  it('refuses lines, sites and kinds that are not the project’s', async () => {
    const p = await runningProject();
    const q = await runningProject();
    expect(
      (await refused(datesBody(p, ['2027-03-11'], { lines: [{ wasteLineId: p.lineIds[0] }] }))).fields,
    ).toEqual({
      'lines.0.bags': 'bag_or_volume_required',
    });
    expect(
      (
        await refused(
          datesBody(p, ['2027-03-11'], {
            lines: [
              { wasteLineId: p.lineIds[0], bags: { '45': 1 } },
              { wasteLineId: p.lineIds[0], volume: '3' },
            ],
          }),
        )
      ).fields,
    ).toEqual({ 'lines.1.wasteLineId': 'same_waste_twice' });
    expect(
      (await refused(datesBody(p, ['2027-03-11'], { lines: [{ wasteLineId: q.lineIds[0], volume: '1' }] })))
        .fields,
    ).toEqual({ 'lines.0.wasteLineId': 'invalid_format' });
    expect((await refused(datesBody(p, ['2027-03-11'], { dischargeSiteId: f.kichijoji }))).fields).toEqual({
      dischargeSiteId: 'invalid_format',
    });
    expect((await refused(recurringBody(p, { weekdays: [1, 4, 5] }))).fields).toEqual({
      weekdays: 'weekdays_must_match_count',
    });
    expect((await refused(recurringBody(p, { weekdays: [] }))).fields).toEqual({
      weekdays: 'weekday_required',
    });
    const industrial = await runningProject({ type: 'INDUSTRIAL' });
    expect(
      (
        await refused(
          recurringBody(industrial, { lines: [{ wasteLineId: industrial.lineIds[0], volume: '1.5' }] }),
        )
      ).fields,
    ).toEqual({ kind: 'invalid_format' });
  });

  it('takes chosen dates only under a spot contract, as many as it has left', async () => {
    const spot = await runningProject({ contractType: 'SPOT', endDate: '2027-03-31' });
    const left = async () =>
      ((await t.as(DIS).get('/collection-requests/options')).json() as CollectionRequestOption[]).find(
        (o) => o.projectId === spot.id,
      )!.contract.collectionsLeft;
    expect(await left()).toBe(1);
    // Recurring collections, on the check and on the request itself.
    expect((await refused(recurringBody(spot))).fields).toEqual({ kind: 'spot_contract_dates_only' });
    const recurring = await t.as(DIS).post('/collection-requests', recurringBody(spot));
    expect(recurring.statusCode).toBe(400);
    expect(recurring.json().fields).toEqual({ kind: 'spot_contract_dates_only' });
    // More dates than the contract takes: each one too many.
    expect((await refused(datesBody(spot, ['2027-03-11', '2027-03-12', '2027-03-15']))).fields).toEqual({
      'dates.1': 'spot_contract_date_limit',
      'dates.2': 'spot_contract_date_limit',
    });
    expect(await t.db.select().from(collections).where(eq(collections.projectId, spot.id))).toEqual([]);

    // Its one collection taken, a second request is refused, even of another waste.
    const made = await request(datesBody(spot, ['2027-03-11']));
    expect(await left()).toBe(0);
    const again = await t
      .as(DIS)
      .post(
        '/collection-requests',
        datesBody(spot, ['2027-03-12'], { lines: [{ wasteLineId: spot.lineIds[1], bags: { '45': 1 } }] }),
      );
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ 'dates.0': 'spot_contract_date_limit' });

    // Returned by the transporter, it no longer counts: another date can be asked for.
    const [one] = await collectionsOf(made.id);
    await t.as(TRANS).post(`/trans/collections/${one!.id}/return`, { reason: '車両の手配がつきません' });
    expect(await left()).toBe(1);
    await request(datesBody(spot, ['2027-03-12']));
    // Other contracts take any number of dates.
    const p = await runningProject();
    expect(
      (await request(datesBody(p, ['2027-03-11', '2027-03-12', '2027-03-15']))).collections,
    ).toHaveLength(3);
  });

  it('refuses a project that is not in progress, outside the areas, or of another company', async () => {
    const done = await runningProject({ status: 'COMPLETE' });
    expect((await refused(datesBody(done, ['2027-03-11']), 409)).code).toBe(
      'collection_project_not_in_progress',
    );
    const far = await runningProject({ site: f.kichijoji });
    const outside = await refused(datesBody(far, ['2027-03-11'], { dischargeSiteId: f.kichijoji }), 409);
    expect(outside).toMatchObject({
      code: 'collection_area_not_supported',
      fields: { dischargeSiteId: 'collection_area_not_supported' },
    });
    // A discharger of another company with the keys: the project is not found, nothing of it is shown.
    const p = await runningProject();
    await t.db
      .update(users)
      .set({ registrantNumber: 'B765432', ediKey: '87654321', collectionRequestEnabled: true })
      .where(eq(users.email, 'discharger2@example.com'));
    try {
      const res = await t.as(DIS2).post('/collection-requests/check', datesBody(p, ['2027-03-11']));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('project_not_found');
      const days = await t
        .as(DIS2)
        .get(`/collection-requests/collectable-days?projectId=${p.id}&from=2027-03-10&to=2027-03-20`);
      expect(days.statusCode).toBe(404);
      const options = (await t.as(DIS2).get('/collection-requests/options')).json() as {
        projectId: number;
      }[];
      expect(options.some((o) => o.projectId === p.id)).toBe(false);
    } finally {
      await t.db
        .update(users)
        .set({ registrantNumber: null, ediKey: null, collectionRequestEnabled: false })
        .where(eq(users.email, 'discharger2@example.com'));
    }
  });
});

describe('recurring requests', () => {
  it('generates the weekdays to the end of the period, closed days skipped with their reason', async () => {
    const p = await runningProject({ endDate: '2027-04-30' });
    const created = await request(recurringBody(p));
    const dates = created.collections.map((c) => c.date);
    expect(dates[0]).toBe('2027-03-11');
    expect(dates.at(-1)).toBe('2027-04-29');
    expect(dates).toHaveLength(15);
    expect(created.collections.filter((c) => c.status === 'SKIPPED')).toEqual([
      { date: '2027-03-22', status: 'SKIPPED', skipReason: 'NATIONAL_HOLIDAY' },
      { date: '2027-04-29', status: 'SKIPPED', skipReason: 'NATIONAL_HOLIDAY' },
    ]);
    const [saved] = await t.db.select().from(collectionRequests).where(eq(collectionRequests.id, created.id));
    expect(saved).toMatchObject({ kind: 'RECURRING', weekdays: [1, 4], generatedUntil: '2027-04-30' });

    // The same waste again on those weekdays collides; a skipped day does not count.
    expect((await refused(recurringBody(p, { weekdays: [4], collectionCount: 1 }))).fields).toEqual({
      'lines.0.wasteLineId': 'same_waste_same_date',
    });
    const monthly = await t.as(DIS).post(
      '/collection-requests/check',
      recurringBody(p, {
        frequency: 'MONTHLY',
        weekdays: [3],
        collectionCount: 1,
        lines: [{ wasteLineId: p.lineIds[1], bags: { '70': 1 } }],
      }),
    );
    expect(monthly.json().collections.map((c: { date: string }) => c.date)).toEqual(['2027-04-07']);
  });

  it('is extended by the contract calendar when an auto-renewing contract renews, skipped days too', async () => {
    const p = await runningProject({
      contractType: 'AUTO_UPDATE',
      startDate: '2026-04-01',
      endDate: '2027-03-31',
    });
    const created = await request(recurringBody(p, { weekdays: [1], collectionCount: 1 }));
    expect(created.collections.at(-1)!.date).toBe('2028-03-27');
    const run = await advanceContracts(t.db, '2027-04-01');
    expect(run.renewed).toBeGreaterThanOrEqual(1);
    const [renewed] = await t.db.select().from(contracts).where(eq(contracts.id, p.contractId));
    expect(renewed).toMatchObject({ startDate: '2027-04-01', endDate: '2028-03-31' });
    const added = (await collectionsOf(created.id)).filter((c) => c.date > '2028-03-31');
    expect(added[0]!.date).toBe('2028-04-03');
    expect(added.at(-1)!.date).toBe('2029-03-26');
    // The holidays of the new period are skipped as the first ones were.
    expect(added.filter((c) => c.status === 'SKIPPED').every((c) => nationalHolidayName(c.date))).toBe(true);
    expect(added.some((c) => c.status === 'SKIPPED')).toBe(true);
    const [saved] = await t.db.select().from(collectionRequests).where(eq(collectionRequests.id, created.id));
    expect(saved!.generatedUntil).toBe('2029-03-31');
    const [history] = await t.db
      .select()
      .from(collectionHistory)
      .where(eq(collectionHistory.collectionId, added[0]!.id));
    expect(history).toMatchObject({ role: 'SYSTEM', userId: null, toStatus: 'DESIRED_DATE' });
  });
});

describe('ending the auto-renewal', () => {
  it('removes the open collections after the period, answers how many, and brings recurring ones back on continue', async () => {
    const p = await runningProject({ contractType: 'AUTO_UPDATE', endDate: '2027-05-31' });
    const dates = await request(datesBody(p, ['2027-04-05', '2027-06-07', '2027-06-14']));
    const recurring = await request(
      recurringBody(p, {
        weekdays: [2],
        collectionCount: 1,
        lines: [{ wasteLineId: p.lineIds[1], volume: '5' }],
      }),
    );
    expect(recurring.collections.at(-1)!.date).toBe('2027-08-31');
    const [, june7, june14] = await collectionsOf(dates.id);
    // A returned collection is the transporter's record: it stays.
    expect(
      (await t.as(TRANS).post(`/trans/collections/${june14!.id}/return`, { reason: '車両不足' })).statusCode,
    ).toBe(200);
    const beyond = async () =>
      (
        await t.db
          .select()
          .from(collections)
          .where(and(eq(collections.projectId, p.id), gt(collections.date, '2027-05-31')))
      )
        .map((c) => c.status)
        .sort();
    const openBeyond = recurring.collections.filter((c) => c.date > '2027-05-31').length + 1;

    const before = t.smtp.mails.length;
    const res = await t.as(DIS).post(`/projects/${p.id}/contract/renewal`, { renewal: 'END' });
    expect(res.statusCode, res.body).toBe(200);
    expect(mailBody(mailTo(before, TRANS)!.raw)).toContain(
      `契約期間後の回収予定${openBeyond}件を削除しました`,
    );
    expect(res.json()).toMatchObject({ removedCollections: openBeyond, contract: { renewal: 'END' } });
    expect(await beyond()).toEqual(['RETURNED']);
    expect((await collectionsOf(dates.id)).map((c) => c.date)).toEqual(['2027-04-05', '2027-06-14']);
    expect(june7).toBeDefined();
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'collection.remove_after_end'),
          eq(auditLogs.entityId, String(p.contractId)),
        ),
      );
    expect(audit?.detail).toMatchObject({ removed: openBeyond });
    // Nothing more can be asked beyond the period now.
    expect((await refused(datesBody(p, ['2027-06-07']))).fields).toEqual({
      'dates.0': 'collection_outside_contract',
    });

    const cont = await t.as(TRANS).post(`/trans/projects/${p.id}/contract/renewal`, { renewal: 'CONTINUE' });
    expect(cont.json().removedCollections).toBe(0);
    const back = (await collectionsOf(recurring.id)).filter((c) => c.date > '2027-05-31');
    expect(back.length).toBe(openBeyond - 1);
    expect(back.at(-1)!.date).toBe('2027-08-31');
  });
});

describe('the transporter answers and records', () => {
  it('confirms, proposes another date, the discharger asks again, accepts; each with its history and mail', async () => {
    const p = await runningProject();
    const c = await oneCollection(p, '2027-03-16');

    // Propose: the date must be one the transporter collects on, in the period, not in the past.
    const sat = await t.as(TRANS).post(`/trans/collections/${c.id}/propose`, { date: '2027-03-20' });
    expect(sat.statusCode).toBe(400);
    expect(sat.json()).toMatchObject({
      fields: { date: 'collection_date_not_collectable' },
      params: { 'date.reason': 'NOT_BUSINESS_WEEKDAY', 'date.nextDate': '2027-03-23' },
    });
    expect(
      (await t.as(TRANS).post(`/trans/collections/${c.id}/propose`, { date: '2027-03-01' })).json().fields,
    ).toEqual({ date: 'date_in_past' });
    let before = t.smtp.mails.length;
    const proposed = await t
      .as(TRANS)
      .post(`/trans/collections/${c.id}/propose`, { date: '2027-03-17', reason: '車両の都合' });
    expect(proposed.json()).toEqual({
      id: c.id,
      status: 'ADJUSTING',
      date: '2027-03-17',
      projectCancelled: false,
    });
    const mail = mailBody(mailTo(before, DIS)!.raw);
    expect(mail).toContain('提案日: 2027-03-17');
    expect(mail).toContain('理由: 車両の都合');
    expect(mail).toContain(`/sys/collection-schedules/detail/${c.id}`);

    // The transporter cannot confirm its own proposal; the discharger asks for another date.
    expect((await t.as(TRANS).post(`/trans/collections/${c.id}/confirm`, {})).statusCode).toBe(409);
    expect((await t.as(DIS).get(`/collections/${c.id}`)).json().actions).toEqual([
      'ACCEPT_PROPOSAL',
      'ASK_AGAIN',
      'CANCEL',
    ]);
    before = t.smtp.mails.length;
    const again = await t.as(DIS).post(`/collections/${c.id}/ask-again`, { date: '2027-03-18' });
    expect(again.json()).toMatchObject({ status: 'DESIRED_DATE', date: '2027-03-18' });
    expect(mailBody(mailTo(before, TRANS)!.raw)).toContain('希望日: 2027-03-18');
    expect((await t.as(DIS).post(`/collections/${c.id}/accept-proposal`, {})).statusCode).toBe(409);

    await t.as(TRANS).post(`/trans/collections/${c.id}/propose`, { date: '2027-03-19' });
    before = t.smtp.mails.length;
    const accepted = await t.as(DIS).post(`/collections/${c.id}/accept-proposal`);
    expect(accepted.json()).toMatchObject({ status: 'CONFIRMED', date: '2027-03-19' });
    expect(mailBody(mailTo(before, TRANS)!.raw)).toContain('変更提案を承諾しました');

    const detail = (await t.as(TRANS).get(`/trans/collections/${c.id}`)).json();
    expect(detail).toMatchObject({ status: 'CONFIRMED', date: '2027-03-19', desiredDate: '2027-03-18' });
    expect(
      detail.history.map((h: { fromStatus: string; toStatus: string; role: string }) => [
        h.fromStatus,
        h.toStatus,
        h.role,
      ]),
    ).toEqual([
      [null, 'DESIRED_DATE', 'WASTE'],
      ['DESIRED_DATE', 'ADJUSTING', 'TRANSPORT'],
      ['ADJUSTING', 'DESIRED_DATE', 'WASTE'],
      ['DESIRED_DATE', 'ADJUSTING', 'TRANSPORT'],
      ['ADJUSTING', 'CONFIRMED', 'WASTE'],
    ]);
    expect(detail.history[1]).toMatchObject({
      fromDate: '2027-03-16',
      toDate: '2027-03-17',
      reason: '車両の都合',
      userName: '佐藤 次郎',
    });
    expect(detail.actions).toEqual([]);
  });

  it('records the day only from the day itself: collected, not collected with a reason', async () => {
    const p = await runningProject();
    const c = await oneCollection(p, '2027-03-12');
    let before = t.smtp.mails.length;
    expect((await t.as(TRANS).post(`/trans/collections/${c.id}/confirm`)).json().status).toBe('CONFIRMED');
    expect(mailBody(mailTo(before, DIS)!.raw)).toContain('回収日を確定しました');
    const early = await t.as(TRANS).post(`/trans/collections/${c.id}/collected`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('collection_date_not_reached');
    setToday('2027-03-12');
    try {
      const noReason = await t.as(TRANS).post(`/trans/collections/${c.id}/not-collected`, { reason: ' ' });
      expect(noReason.json().fields).toEqual({ reason: 'MSG_00_21' });
      before = t.smtp.mails.length;
      const notCollected = await t
        .as(TRANS)
        .post(`/trans/collections/${c.id}/not-collected`, { reason: '門が閉まっていた' });
      expect(notCollected.json().status).toBe('NOT_COLLECTED');
      expect(mailBody(mailTo(before, DIS)!.raw)).toContain('理由: 門が閉まっていた');
      before = t.smtp.mails.length;
      expect((await t.as(TRANS).post(`/trans/collections/${c.id}/collected`)).json().status).toBe(
        'COLLECTED',
      );
      expect(mailBody(mailTo(before, DIS)!.raw)).toContain('回収を完了しました');
      expect((await t.as(TRANS).post(`/trans/collections/${c.id}/collected`)).statusCode).toBe(409);
      const rows = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'collection'), eq(auditLogs.entityId, String(c.id))))
        .orderBy(asc(auditLogs.id));
      expect(rows.map((r) => r.action)).toEqual([
        'collection.confirm',
        'collection.mark_not_collected',
        'collection.mark_collected',
      ]);
    } finally {
      setToday('2027-03-10');
    }
  });

  it('returns a request with a reason, and confirms all desired dates of a request at once', async () => {
    const p = await runningProject();
    const c = await oneCollection(p, '2027-03-23');
    expect((await t.as(TRANS).post(`/trans/collections/${c.id}/return`, {})).json().fields).toEqual({
      reason: 'MSG_00_21',
    });
    const before = t.smtp.mails.length;
    const returned = await t
      .as(TRANS)
      .post(`/trans/collections/${c.id}/return`, { reason: '回収エリア外です' });
    expect(returned.json().status).toBe('RETURNED');
    expect(mailBody(mailTo(before, DIS)!.raw)).toContain('理由: 回収エリア外です');
    expect((await t.as(DIS).post(`/collections/${c.id}/cancel`)).json().code).toBe(
      'invalid_status_transition',
    );

    const many = await request(datesBody(p, ['2027-03-24', '2027-03-25', '2027-03-26']));
    const [first] = await collectionsOf(many.id);
    await t.as(TRANS).post(`/trans/collections/${first!.id}/propose`, { date: '2027-03-29' });
    expect((await t.as(PLATFORM).post(`/trans/collection-requests/${many.id}/confirm`)).json().code).toBe(
      'collection_request_not_found',
    );
    const mailsBefore = t.smtp.mails.length;
    const all = await t.as(TRANS).post(`/trans/collection-requests/${many.id}/confirm`);
    expect(all.json()).toEqual({ confirmed: 2 });
    expect((await collectionsOf(many.id)).map((r) => r.status)).toEqual([
      'CONFIRMED',
      'CONFIRMED',
      'ADJUSTING',
    ]);
    expect(mailBody(mailTo(mailsBefore, DIS)!.raw)).toContain('回収日: 2027-03-25、2027-03-26');
    expect((await t.as(TRANS).post(`/trans/collection-requests/${many.id}/confirm`)).json()).toEqual({
      confirmed: 0,
    });
  });

  it('answers 404 to a transporter not on the project and to another discharger, 403 to the wrong side', async () => {
    const p = await runningProject();
    const c = await oneCollection(p, '2027-03-30');
    for (const [who, url] of [
      [PLATFORM, `/trans/collections/${c.id}`],
      [DIS2, `/collections/${c.id}`],
    ] as const) {
      const res = await t.as(who).get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('collection_not_found');
      expect(res.body).not.toContain(p.title);
    }
    for (const path of ['confirm', 'collected']) {
      const res = await t.as(PLATFORM).post(`/trans/collections/${c.id}/${path}`, {});
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await t.as(PLATFORM).post(`/trans/collections/${c.id}/propose`, { date: '2027-03-31' })).statusCode,
    ).toBe(404);
    expect((await t.as(DIS2).post(`/collections/${c.id}/cancel`, {})).statusCode).toBe(404);
    expect((await t.as(DIS).post(`/trans/collections/${c.id}/confirm`, {})).statusCode).toBe(403);
    expect((await t.as(TRANS).post(`/collections/${c.id}/cancel`, {})).statusCode).toBe(403);
    const lists = await Promise.all([
      t.as(PLATFORM).get('/trans/collections?from=2027-03-01&to=2027-03-31'),
      t.as(DIS2).get('/collections?from=2027-03-01&to=2027-03-31'),
    ]);
    for (const list of lists) expect(list.json().some((r: { id: number }) => r.id === c.id)).toBe(false);
    expect((await t.db.select().from(collections).where(eq(collections.id, c.id)))[0]!.status).toBe(
      'DESIRED_DATE',
    );
  });

  it('lets exactly one of two concurrent confirms pass', async () => {
    const p = await runningProject();
    const c = await oneCollection(p, '2027-03-31');
    const answers = await Promise.all([
      t.as(TRANS).post(`/trans/collections/${c.id}/confirm`, {}),
      t.as(TRANS).post(`/trans/collections/${c.id}/confirm`, {}),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const history = await t.db
      .select()
      .from(collectionHistory)
      .where(eq(collectionHistory.collectionId, c.id))
      .orderBy(asc(collectionHistory.id));
    expect(history.map((h) => h.toStatus)).toEqual(['DESIRED_DATE', 'CONFIRMED']);
  });
});

describe('cancelling', () => {
  it('is allowed until the day before, refused on the day itself and once a report covers it', async () => {
    const p = await runningProject();
    const a = await oneCollection(p, '2027-04-06');
    const b = await oneCollection(p, '2027-04-07');
    setToday('2027-04-06');
    try {
      const sameDay = await t.as(DIS).post(`/collections/${a.id}/cancel`, {});
      expect(sameDay.statusCode).toBe(409);
      expect(sameDay.json().code).toBe('collection_cancel_too_late');
      expect((await t.as(DIS).get(`/collections/${a.id}`)).json().actions).toEqual([]);
      const before = t.smtp.mails.length;
      const dayBefore = await t.as(DIS).post(`/collections/${b.id}/cancel`, { reason: '店舗休業' });
      expect(dayBefore.json()).toEqual({
        id: b.id,
        status: 'CANCELLED',
        date: '2027-04-07',
        projectCancelled: false,
      });
      const mail = mailBody(mailTo(before, TRANS)!.raw);
      expect(mail).toContain('回収をキャンセルしました');
      expect(mail).toContain('理由: 店舗休業');
      expect(mail).not.toContain('案件も取り消されました');
    } finally {
      setToday('2027-03-10');
    }
    // The month's regular report covers the collection: no cancelling it any more.
    const c = await oneCollection(p, '2027-03-26');
    await t.db.insert(regularReports).values({
      projectId: p.id,
      dischargerCompanyId: f.green,
      transportCompanyId: f.toto,
      wasteId: f.combustible,
      year: 2027,
      month: 3,
      volume: '120.00',
    });
    const reported = await t.as(DIS).post(`/collections/${c.id}/cancel`, {});
    expect(reported.statusCode).toBe(409);
    expect(reported.json().code).toBe('collection_has_report');
    expect((await t.as(DIS).get(`/collections/${c.id}`)).json()).toMatchObject({
      hasReport: true,
      actions: [],
    });
  });

  it('cancels the project of a spot contract with its last collection, and says so', async () => {
    const p = await runningProject({ contractType: 'SPOT', endDate: '2027-03-31' });
    const c = await oneCollection(p, '2027-03-18');
    await t.as(TRANS).post(`/trans/collections/${c.id}/confirm`, {});
    const before = t.smtp.mails.length;
    const res = await t.as(DIS).post(`/collections/${c.id}/cancel`, { reason: '改装が延期になりました' });
    expect(res.json()).toEqual({ id: c.id, status: 'CANCELLED', date: '2027-03-18', projectCancelled: true });
    const [project] = await t.db.select().from(projects).where(eq(projects.id, p.id));
    expect(project!.status).toBe('CANCEL');
    const [contract] = await t.db.select().from(contracts).where(eq(contracts.id, p.contractId));
    expect(contract!.status).toBe('CANCELLED');
    const moves = await t.db
      .select()
      .from(projectStatusHistory)
      .where(eq(projectStatusHistory.projectId, p.id))
      .orderBy(asc(projectStatusHistory.id));
    const discharger = await t.db.query.users.findFirst({ where: eq(users.email, 'discharger@example.com') });
    expect(moves.at(-1)).toMatchObject({
      fromStatus: 'IN_PROGRESS',
      toStatus: 'CANCEL',
      userId: discharger!.id,
      reason: '改装が延期になりました',
    });
    expect(mailBody(mailTo(before, TRANS)!.raw)).toContain('案件も取り消されました');

    // With another collection still to come (written before spot contracts took one), a spot project stays.
    const q = await runningProject({ contractType: 'SPOT', endDate: '2027-03-31' });
    const first = await oneCollection(q, '2027-03-18');
    const { id: _, ...copy } = first;
    await t.db.insert(collections).values({ ...copy, date: '2027-03-19', desiredDate: '2027-03-19' });
    expect((await t.as(DIS).post(`/collections/${first.id}/cancel`)).json().projectCancelled).toBe(false);
    expect((await t.db.select().from(projects).where(eq(projects.id, q.id)))[0]!.status).toBe('IN_PROGRESS');
  });
});

describe('lists', () => {
  it("lists the party's own collections in a range of at most 93 days, with filters", async () => {
    const p = await runningProject();
    const created = await request(
      datesBody(p, ['2027-05-10', '2027-05-11'], { lines: [{ wasteLineId: p.lineIds[1], volume: '3' }] }),
    );
    const [first] = await collectionsOf(created.id);
    await t.as(TRANS).post(`/trans/collections/${first!.id}/confirm`);
    const mine = (await t.as(DIS).get(`/collections?from=2027-05-01&to=2027-05-31&projectId=${p.id}`)).json();
    expect(mine.map((c: { date: string; status: string }) => [c.date, c.status])).toEqual([
      ['2027-05-10', 'CONFIRMED'],
      ['2027-05-11', 'DESIRED_DATE'],
    ]);
    expect(mine[0]).toMatchObject({
      requestId: created.id,
      project: { id: p.id, title: p.title, type: 'REGULAR' },
      contractType: 'NO_AUTO_UPDATE',
      discharger: { id: f.green, name: '株式会社グリーン商事' },
      transportCompany: { id: f.toto },
      wasteNames: ['段ボール'],
      vehicleLimit: 'NONE',
    });
    const confirmed = (
      await t
        .as(TRANS)
        .get(`/trans/collections?from=2027-05-01&to=2027-05-31&status=CONFIRMED&companyId=${f.green}`)
    ).json();
    expect(confirmed.map((c: { id: number }) => c.id)).toContain(first!.id);
    expect(confirmed.every((c: { status: string }) => c.status === 'CONFIRMED')).toBe(true);
    const otherCompany = await t
      .as(TRANS)
      .get(`/trans/collections?from=2027-05-01&to=2027-05-31&companyId=999999`);
    expect(otherCompany.json()).toEqual([]);
    const long = await t.as(DIS).get('/collections?from=2027-05-01&to=2027-08-02');
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ to: 'invalid_period' });
    expect((await t.as(DIS).get('/collections?from=2027-05-31&to=2027-05-01')).json().fields).toEqual({
      to: 'invalid_period',
    });
  });
});

describe('report deadlines and monthly figures', () => {
  it('shows a collected industrial collection in the deadline panel until its transport report exists', async () => {
    const p = await runningProject({ type: 'INDUSTRIAL' });
    const c = await oneCollection(p, '2027-03-11');
    await t.as(TRANS).post(`/trans/collections/${c.id}/confirm`);
    setToday('2027-03-11');
    try {
      const panel = async (who: string, url: string) =>
        ((await t.as(who).get(url)).json().collections as { collectionId: number }[]).find(
          (i) => i.collectionId === c.id,
        );
      expect(await panel(TRANS, '/trans/report-deadlines')).toBeUndefined();
      expect((await t.as(TRANS).post(`/trans/collections/${c.id}/collected`)).statusCode).toBe(200);
      const deadline = transportReportDeadline('2027-03-11', nationalHolidayName);
      expect(deadline).toBe('2027-03-16');
      expect(await panel(TRANS, '/trans/report-deadlines')).toEqual({
        collectionId: c.id,
        projectId: p.id,
        projectTitle: p.title,
        dischargeSiteName: '銀座店',
        wasteNames: ['廃プラスチック類'],
        companyName: '株式会社グリーン商事',
        collectionDate: '2027-03-11',
        deadline,
        deadlineState: 'OK',
      });
      expect(await panel(DIS, '/report-deadlines')).toMatchObject({
        companyName: '東都環境サービス株式会社',
      });
      expect(await panel(PLATFORM, '/trans/report-deadlines')).toBeUndefined();
      setToday('2027-03-17');
      expect(await panel(TRANS, '/trans/report-deadlines')).toMatchObject({ deadlineState: 'OVERDUE' });
      await t.db.insert(transportReports).values({
        projectId: p.id,
        wasteLineId: p.lineIds[0],
        dischargerCompanyId: f.green,
        transportCompanyId: f.toto,
        wasteId: f.plastics,
        wasteName: '廃プラスチック類',
        collectTime: '2027-03-11',
        endDateTransport: '2027-03-11',
        transportVolume: '1.50',
        transporter: '佐藤 次郎',
        deadline,
      });
      expect(await panel(TRANS, '/trans/report-deadlines')).toBeUndefined();
      // The report covers the day: the collection cannot be marked not collected any more.
      expect((await t.as(TRANS).get(`/trans/collections/${c.id}`)).json()).toMatchObject({
        hasReport: true,
        actions: [],
      });
    } finally {
      setToday('2027-03-10');
    }
  });

  it("gives the monthly regular report form the month's number of collected collections", async () => {
    const p = await runningProject();
    const created = await request(datesBody(p, ['2027-03-11', '2027-03-12', '2027-04-01']));
    const rows = await collectionsOf(created.id);
    for (const r of rows) await t.as(TRANS).post(`/trans/collections/${r.id}/confirm`);
    setToday('2027-04-01');
    try {
      for (const r of rows) await t.as(TRANS).post(`/trans/collections/${r.id}/collected`);
    } finally {
      setToday('2027-03-10');
    }
    const form = (m: number) =>
      t.as(TRANS).get(`/trans/regular-reports/form?projectId=${p.id}&year=2027&month=${m}`);
    expect((await form(3)).json().collectedCount).toBe(2);
    expect((await form(4)).json().collectedCount).toBe(1);
    expect((await form(5)).json().collectedCount).toBe(0);
  });
});
