import type { ManifestDetail, ManifestSummary, ReportDeadlineItem } from '@junkan/shared/api/manifests';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  companyId,
  DIS,
  DIS2,
  demoProject,
  dischargeSiteId,
  PLATFORM,
  TRANS,
  unitId,
} from '../../../test/fixtures/demo-data';
import { type JwnetHarness, startJwnetHarness, tomorrowAt } from '../../../test/jwnet-harness';
import type { TestContext } from '../../../test/test-app';
import {
  auditLogs,
  dischargeSites,
  jwnetRequests,
  manifests,
  transportReports,
  users,
} from '../../db/schema';
import { tokyoDate } from '../../lib/time';

const DELAY = 1_000;

let net: JwnetHarness;
let t: TestContext;
/** Today in Japan by the app's business clock, kept in step with the simulator's. */
const today = () => net.today();

let f: {
  green: number;
  takahashi: number;
  toto: number;
  industrial: number;
  industrialLine: number;
  quoteProject: number;
  quoteLine: number;
  regularProject: number;
  ginza: number;
  kichijoji: number;
  tonne: number;
};

beforeAll(async () => {
  net = await startJwnetHarness({ start: tomorrowAt('10:00:00'), delayMs: DELAY });
  t = net.t;
  const industrial = await demoProject(t.db, '本社倉庫 廃プラスチック類 収集運搬');
  const quote = await demoProject(t.db, '倉庫 廃プラスチック類 処理');
  const regular = await demoProject(t.db, '銀座店 可燃ごみ定期回収');
  f = {
    green: await companyId(t.db, '株式会社グリーン商事'),
    takahashi: await companyId(t.db, '髙橋工業株式会社'),
    toto: await companyId(t.db, '東都環境サービス株式会社'),
    industrial: industrial.id,
    industrialLine: industrial.line.id,
    quoteProject: quote.id,
    quoteLine: quote.line.id,
    regularProject: regular.id,
    ginza: await dischargeSiteId(t.db, '銀座店'),
    kichijoji: await dischargeSiteId(t.db, '𠮷祥寺倉庫'),
    tonne: await unitId(t.db, 't'),
  };
});
afterAll(() => net?.close());
beforeEach(() => net.reset());

const body = (over: Record<string, unknown> = {}) => ({
  projectId: f.industrial,
  wasteLineId: f.industrialLine,
  deliveryDate: today(),
  // The month's manifests of these tests stay within the contract's 2 t × 月3回 (manifest-agreement.test.ts).
  quantity: '0.10',
  unitId: f.tonne,
  dischargeSiteId: f.ginza,
  ...over,
});
const manifestCount = async () => (await t.db.select({ n: count() }).from(manifests))[0]!.n;

/** A manifest registered through the API and reflected by the network (REGISTERED). */
async function registered(): Promise<string> {
  const res = await t.as(DIS).post('/manifests', body());
  expect(res.statusCode).toBe(201);
  const n = res.json<ManifestDetail>().manifestNumber;
  await net.advance(DELAY);
  await t.app.jwnetWorker.runOnce();
  return n;
}

describe('registration options', () => {
  it("offers the discharger's industrial projects in progress, its sites, the units and its subscriber number", async () => {
    const res = await t.as(DIS).get('/manifests/registration-options');
    expect(res.statusCode).toBe(200);
    const options = res.json();
    expect(options.today).toBe(today());
    expect(options.subscriberNumber).toBe('A123456');
    expect(options.projects).toEqual([
      {
        id: f.industrial,
        title: '本社倉庫 廃プラスチック類 収集運搬',
        transporterName: '東都環境サービス株式会社',
        transportCompanyId: f.toto,
        wasteLines: [
          {
            id: f.industrialLine,
            wasteName: '廃プラスチック類',
            wasteId: expect.any(Number),
            kind: { id: expect.any(Number), name: '廃プラスチック類' },
            // What the contract states of the line: manifest-agreement.test.ts.
            units: expect.any(Array),
            perCollection: expect.anything(),
            collectionsPerMonth: 3,
          },
        ],
        // The contract and its route: manifest-agreement.test.ts.
        contract: expect.objectContaining({ transporter: { id: f.toto, name: '東都環境サービス株式会社' } }),
      },
    ]);
    expect(options.dischargeSites.map((s: { name: string }) => s.name)).toEqual(['銀座店', '𠮷祥寺倉庫']);
    expect(options.dischargeSites[0].address).toBe('東京都中央区銀座1-2-3 銀座グリーンビル1F');
    expect(options.units.map((u: { unit: string }) => u.unit)).toContain('t');

    const other = (await t.as(DIS2).get('/manifests/registration-options')).json();
    // Only 髙橋工業's own site and subscriber number (its 梅田事業所 user's), none of グリーン商事's.
    expect(other).toMatchObject({ subscriberNumber: 'B234567' });
    expect(other.projects.map((p: { id: number }) => p.id)).not.toContain(f.industrial);
    expect(other.dischargeSites.map((s: { name: string }) => s.name)).toEqual(['梅田事業所']);
    expect((await t.as(TRANS).get('/manifests/registration-options')).statusCode).toBe(403);
  });
});

describe('POST /manifests', () => {
  it('registers on the network: a number at once, RESERVED with 1000 running, then REGISTERED', async () => {
    const res = await t.as(DIS).post('/manifests', body());
    expect(res.statusCode).toBe(201);
    const m = res.json<ManifestDetail>();
    expect(m.manifestNumber).toMatch(/^\d{11}$/);
    expect(m).toMatchObject({
      projectId: f.industrial,
      projectTitle: '本社倉庫 廃プラスチック類 収集運搬',
      dischargerName: '株式会社グリーン商事',
      transporterName: '東都環境サービス株式会社',
      wasteName: '廃プラスチック類',
      deliveryDate: today(),
      dischargeSiteName: '銀座店',
      status: 'RESERVED',
      runningFunctions: ['1000'],
      transportReportId: null,
      fresh: true,
    });
    expect(m.reportDeadline! > today()).toBe(true);
    // The network got the site's own subscriber number and the waste as the form gave it.
    const onNetwork = await t.app.jwnet.adapter.getManifest(m.manifestNumber);
    expect(onNetwork).toMatchObject({ status: 'RESERVED', deliveryDate: today() });
    const audit = await t.db.query.auditLogs.findFirst({
      where: and(eq(auditLogs.action, 'manifest.register'), eq(auditLogs.entityId, m.manifestNumber)),
    });
    expect(audit?.detail).toMatchObject({ projectId: f.industrial, quantity: 0.1, unit: 't' });
    const tracked = await t.db.query.jwnetRequests.findFirst({
      where: eq(jwnetRequests.manifestNumber, m.manifestNumber),
    });
    expect(tracked).toMatchObject({ kind: 'REGISTER_MANIFEST', state: 'SENT' });

    await net.advance(DELAY);
    await t.app.jwnetWorker.runOnce();
    const list = (await t.as(DIS).get(`/manifests?manifestNumber=${m.manifestNumber}`)).json();
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ status: 'REGISTERED', runningFunctions: [] });
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const before = await manifestCount();
    const tomorrow = tokyoDate(new Date(net.now().getTime() + 86_400_000));
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ deliveryDate: tomorrow }, { deliveryDate: 'delivery_date_in_future' }],
      [{ deliveryDate: '2026-02-30' }, { deliveryDate: 'invalid_format' }],
      [{ deliveryDate: '' }, { deliveryDate: 'MSG_00_21' }],
      [{ quantity: '0' }, { quantity: 'quantity_not_positive' }],
      [{ quantity: '123456.789' }, { quantity: 'MSG_00_27' }],
      [{ wasteLineId: f.quoteLine }, { wasteLineId: 'invalid_format' }],
      [{ unitId: 999_999 }, { unitId: 'invalid_format' }],
      [{ dischargeSiteId: 999_999 }, { dischargeSiteId: 'invalid_format' }],
      [{ projectId: f.regularProject }, { projectId: 'invalid_format', wasteLineId: 'invalid_format' }],
    ];
    for (const [over, fields] of cases) {
      const res = await t.as(DIS).post('/manifests', body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields, JSON.stringify(over)).toEqual(fields);
    }
    // Another company's discharge site is not one of the discharger's.
    const [osaka] = await t.db
      .insert(dischargeSites)
      .values({
        companyId: f.takahashi,
        name: '梅田倉庫',
        postalCode: '530-0001',
        address1: '大阪府大阪市北区',
        tel: '06-2345-6780',
        email: 'souko@takahashi-kogyo.example.com',
      })
      .returning();
    const foreignSite = await t.as(DIS).post('/manifests', body({ dischargeSiteId: osaka!.id }));
    expect(foreignSite.json().fields).toEqual({ dischargeSiteId: 'invalid_format' });
    expect(await manifestCount()).toBe(before);
  });

  it("answers 404 for another company's project, 409 for a project not in progress, 403 for a transporter", async () => {
    const other = await t.as(DIS2).post('/manifests', body());
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('project_not_found');
    const notRunning = await t
      .as(DIS)
      .post('/manifests', body({ projectId: f.quoteProject, wasteLineId: f.quoteLine }));
    expect(notRunning.statusCode).toBe(409);
    expect(notRunning.json().code).toBe('invalid_status_transition');
    expect((await t.as(TRANS).post('/manifests', body())).statusCode).toBe(403);
  });

  it('answers 409 edi_not_ready without a subscriber number, and uses a site’s own number when it has one', async () => {
    const user = (await t.db.query.users.findFirst({ where: eq(users.email, DIS) }))!;
    await t.db.update(users).set({ registrantNumber: null }).where(eq(users.id, user.id));
    try {
      const none = await t.as(DIS).post('/manifests', body({ dischargeSiteId: f.kichijoji }));
      expect(none.statusCode).toBe(409);
      expect(none.json().code).toBe('edi_not_ready');
      const options = (await t.as(DIS).get('/manifests/registration-options')).json();
      expect(options.subscriberNumber).toBeNull();
      // 銀座店 is registered on the network under its own number.
      const own = await t.as(DIS).post('/manifests', body({ dischargeSiteId: f.ginza }));
      expect(own.statusCode).toBe(201);
      const onNetwork = await fetch(`${net.sim.url}/manifests/${own.json().manifestNumber}`);
      expect((await onNetwork.json()).registration).toMatchObject({
        dischargerSubscriberNumber: 'G000001',
        dischargerName: '株式会社グリーン商事',
        dischargeFacility: { name: '銀座店', address: '東京都中央区銀座1-2-3 銀座グリーンビル1F' },
        waste: { name: '廃プラスチック類', quantity: 0.1, unit: 't' },
        transporterName: '東都環境サービス株式会社',
      });
    } finally {
      await t.db.update(users).set({ registrantNumber: user.registrantNumber }).where(eq(users.id, user.id));
    }
  });

  it('maps the network’s faults to codes and writes nothing', async () => {
    const before = await manifestCount();
    await net.sim.control.unavailable();
    const down = await t.as(DIS).post('/manifests', body());
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('jwnet_unavailable');
    await net.sim.control.clearFaults();

    await net.sim.control.refuse({ count: 1, code: 'E_INVALID', message: 'bad registration' });
    const refused = await t.as(DIS).post('/manifests', body());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('jwnet_refused');

    await net.sim.control.setClock(tomorrowAt('19:30:00').toISOString());
    const closed = await t.as(DIS).post('/manifests', body());
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('jwnet_outside_hours');

    await net.sim.control.setClock(net.now().toISOString());
    await net.sim.control.setStopDays([today()]);
    const stopped = await t.as(DIS).post('/manifests', body());
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json().code).toBe('jwnet_service_stopped');
    expect(await manifestCount()).toBe(before);
    expect((await net.sim.control.settings()).manifests).toBe(0);
    await net.sim.control.setStopDays([]);
  });

  it('asks again with the same key when the answer was lost, and keeps the one number issued', async () => {
    const before = (await net.sim.control.settings()).manifests;
    await net.sim.control.timeout({ count: 1, holdMs: 2_500 });
    const res = await t.as(DIS).post('/manifests', body());
    expect(res.statusCode).toBe(201);
    const number = res.json<ManifestDetail>().manifestNumber;
    expect((await net.sim.control.settings()).manifests).toBe(before + 1);
    const rows = await t.db.select().from(manifests).where(eq(manifests.manifestNumber, number));
    expect(rows).toHaveLength(1);
  });
});

describe('manifest list and detail', () => {
  it('shows each party its own manifests only, with filters', async () => {
    const n = await registered();
    const numbers = async (url: string, email: string) =>
      (await t.as(email).get(url)).json<{ rows: ManifestSummary[] }>().rows.map((r) => r.manifestNumber);
    expect(await numbers('/manifests', DIS)).toContain(n);
    expect(await numbers('/manifests', DIS2)).not.toContain(n);
    expect(await numbers('/trans/manifests', TRANS)).toContain(n);
    expect(await numbers(`/trans/manifests?companyId=${f.green}`, TRANS)).toContain(n);
    expect(await numbers(`/trans/manifests?companyId=${f.takahashi}`, TRANS)).not.toContain(n);
    expect(await numbers('/trans/manifests', PLATFORM)).not.toContain(n);
    expect(await numbers(`/manifests?manifestNumber=${n.slice(3, 9)}`, DIS)).toContain(n);
    expect(await numbers('/manifests?status=REGISTERED', DIS)).toContain(n);
    expect(await numbers('/manifests?status=DISPOSAL_END', DIS)).not.toContain(n);
    expect(await numbers(`/manifests?deliveryFrom=${today()}&deliveryTo=${today()}`, DIS)).toContain(n);
    expect(await numbers('/manifests?deliveryTo=2020-01-01', DIS)).not.toContain(n);
    expect((await t.as(DIS).get('/manifests?status=NOPE')).statusCode).toBe(400);
    expect((await t.as(TRANS).get('/manifests')).statusCode).toBe(403);
    expect((await t.as(DIS).get('/trans/manifests')).statusCode).toBe(403);

    // An admin acting for the transporter sees what the transporter sees; an admin alone has no manifests.
    const acting = await t.as('admin').post(`/admin/companies/${f.toto}/auth-token?isTransport=true`);
    expect(acting.statusCode).toBe(200);
    const asTransporter = await t.as({ token: acting.json().token }).get('/trans/manifests');
    expect(asTransporter.json<{ rows: ManifestSummary[] }>().rows.map((r) => r.manifestNumber)).toContain(n);
    expect((await t.as('admin').get('/manifests')).statusCode).toBe(403);
  });

  it('answers the detail fresh from the network, stored when the network is down, 404 to others', async () => {
    const n = await registered();
    const fresh = await t.as(DIS).get(`/manifests/${n}`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      manifestNumber: n,
      status: 'REGISTERED',
      fresh: true,
      phases: {
        reservation: { done: true, date: today() },
        transportation: { done: false, date: null },
        processing: { done: false, date: null },
        final: { done: false, date: null },
      },
    });
    const carried = (await t.as(TRANS).get(`/trans/manifests/${n}`)).json<ManifestDetail>();
    expect(carried.fresh).toBe(true);

    await net.sim.control.unavailable();
    const stale = await t.as(DIS).get(`/manifests/${n}`);
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ status: 'REGISTERED', fresh: false });
    expect(stale.json().syncedAt).toBe(carried.syncedAt);
    await net.sim.control.clearFaults();

    for (const [url, email] of [
      [`/manifests/${n}`, DIS2],
      [`/trans/manifests/${n}`, PLATFORM],
      ['/manifests/00000000000', DIS],
    ] as const) {
      const res = await t.as(email).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('manifest_not_found');
    }
  });

  it('shows the phases and end dates as the network reports them', async () => {
    const n = await registered();
    await t.app.jwnet.adapter.reportTransportEnd('test-report', n, {
      transportEndDate: today(),
      volume: 1.4,
      unit: 't',
      transporter: '佐藤 次郎',
    });
    await net.advance(DELAY);
    await net.sim.control.advanceManifest(n, 'DISPOSAL_END');
    const detail = (await t.as(TRANS).get(`/trans/manifests/${n}`)).json<ManifestDetail>();
    expect(detail).toMatchObject({
      status: 'DISPOSAL_END',
      transportEndDate: today(),
      disposalEndDate: today(),
      finalDisposalEndDate: null,
      runningFunctions: [],
      phases: {
        reservation: { done: true },
        transportation: { done: true, date: today() },
        processing: { done: true, date: today() },
        final: { done: false, date: null },
      },
    });
    // Kept for the list, which does not ask the network.
    const row = (await t.as(DIS).get(`/manifests?manifestNumber=${n}`)).json().rows[0];
    expect(row).toMatchObject({ status: 'DISPOSAL_END', disposalEndDate: today() });
  });
});

describe('report deadlines', () => {
  // Wednesday 25 November 2026; Monday 23 November is Labour Thanksgiving Day.
  const WEDNESDAY = new Date('2026-11-25T10:00:00+09:00');
  const local = (manifestNumber: string, deliveryDate: string) => ({
    manifestNumber,
    projectId: f.industrial,
    dischargerCompanyId: f.green,
    transportCompanyId: f.toto,
    wasteName: '廃プラスチック類',
    dischargeSiteName: '銀座店',
    deliveryDate,
    networkStatus: 'REGISTERED',
  });
  const report = (manifestNumber: string, wasteId: number, deletedAt: Date | null) => ({
    projectId: f.industrial,
    dischargerCompanyId: f.green,
    transportCompanyId: f.toto,
    wasteId,
    wasteName: '廃プラスチック類',
    manifestNumber,
    collectTime: '2026-11-16',
    endDateTransport: '2026-11-16',
    transportVolume: '1.00',
    transporter: '佐藤 次郎',
    deadline: '2026-11-19',
    deletedAt,
  });

  it('counts 3 working days from the delivery date and shows who still has to report', async () => {
    const waste = await t.db.query.wastes.findFirst();
    await t.db.insert(manifests).values([
      local('90000000001', '2026-11-20'), // Friday before the holiday weekend: due Thursday 26th
      local('90000000002', '2026-11-16'), // due Thursday 19th: overdue
      local('90000000003', '2026-11-25'), // due Monday 30th
      local('90000000004', '2026-11-16'), // reported
      local('90000000005', '2026-11-17'), // reported, then the report deleted
    ]);
    await t.db
      .insert(transportReports)
      .values([report('90000000004', waste!.id, null), report('90000000005', waste!.id, new Date())]);
    net.setAppTime(WEDNESDAY);
    const ours = (items: ReportDeadlineItem[]) => items.filter((i) => i.manifestNumber.startsWith('9000000'));

    const discharger = (await t.as(DIS).get('/report-deadlines')).json();
    expect(discharger.today).toBe('2026-11-25');
    expect(
      ours(discharger.items).map((i) => [i.manifestNumber, i.deadline, i.deadlineState, i.companyName]),
    ).toEqual([
      ['90000000002', '2026-11-19', 'OVERDUE', '東都環境サービス株式会社'],
      ['90000000005', '2026-11-20', 'OVERDUE', '東都環境サービス株式会社'],
      ['90000000001', '2026-11-26', 'DUE_SOON', '東都環境サービス株式会社'],
      ['90000000003', '2026-11-30', 'OK', '東都環境サービス株式会社'],
    ]);

    const transporter = (await t.as(TRANS).get('/trans/report-deadlines')).json();
    expect(ours(transporter.items).map((i) => [i.manifestNumber, i.deadlineState, i.companyName])).toEqual([
      ['90000000002', 'OVERDUE', '株式会社グリーン商事'],
      ['90000000005', 'OVERDUE', '株式会社グリーン商事'],
      ['90000000001', 'DUE_SOON', '株式会社グリーン商事'],
    ]);
    expect(ours((await t.as(DIS2).get('/report-deadlines')).json().items)).toEqual([]);
    expect(ours((await t.as(PLATFORM).get('/trans/report-deadlines')).json().items)).toEqual([]);
    expect((await t.as(TRANS).get('/report-deadlines')).statusCode).toBe(403);

    // The list shows the same deadline while no report is made, and the report once made.
    const rows = (await t.as(DIS).get('/manifests?manifestNumber=9000000000')).json<{
      rows: ManifestSummary[];
    }>().rows;
    const byNumber = new Map(rows.map((r) => [r.manifestNumber, r]));
    expect(byNumber.get('90000000001')).toMatchObject({
      reportDeadline: '2026-11-26',
      reportDeadlineState: 'DUE_SOON',
      transportReportId: null,
    });
    expect(byNumber.get('90000000004')).toMatchObject({ reportDeadline: null, reportDeadlineState: null });
    expect(byNumber.get('90000000004')!.transportReportId).toEqual(expect.any(Number));

    // On Friday the 27th the Friday delivery is overdue too; the one due Monday is due soon.
    net.setAppTime(new Date('2026-11-27T10:00:00+09:00'));
    const friday = (await t.as(TRANS).get('/trans/report-deadlines')).json();
    expect(ours(friday.items).map((i) => [i.manifestNumber, i.deadlineState])).toEqual([
      ['90000000002', 'OVERDUE'],
      ['90000000005', 'OVERDUE'],
      ['90000000001', 'OVERDUE'],
      ['90000000003', 'DUE_SOON'],
    ]);
  });
});
