import { type RunningJwnetSimulator, startJwnetSimulator } from '@junkan/jwnet-simulator';
import type { ManifestDetail, ManifestSummary, ReportDeadlineItem } from '@junkan/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  auditLogs,
  companies,
  dischargeSites,
  jwnetRequests,
  manifests,
  projects,
  projectWasteLines,
  transportReports,
  unitMeasures,
  users,
} from '../../db/schema';

const DIS = 'discharger@example.com';
const DIS2 = 'discharger2@example.com';
const TRANS = 'transporter@example.com';
const PLATFORM = 'platform@example.com';

/** Tomorrow in Japan (after the database's own clock, which stamps queued work) at `time`. */
const tomorrowAt = (time: string) => {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(
    new Date(Date.now() + 86_400_000),
  );
  return new Date(`${day}T${time}+09:00`);
};
const DELAY = 1_000;
/** The app's business clock, kept in step with the simulator's. */
let now = tomorrowAt('10:00:00');
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(now);
let t: TestContext;
let sim: RunningJwnetSimulator;

const tokens = new Map<string, string>();
async function call(method: 'GET' | 'POST', url: string, email: string, payload?: unknown) {
  let token = tokens.get(email);
  if (!token) {
    token = await t.login(email);
    tokens.set(email, token);
  }
  return t.app.inject({ method, url, headers: t.auth(token), payload: payload as object });
}

async function advance(ms: number) {
  now = new Date(now.getTime() + ms);
  await sim.control.advanceClock(ms);
}

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

const body = (over: Record<string, unknown> = {}) => ({
  projectId: f.industrial,
  wasteLineId: f.industrialLine,
  deliveryDate: today(),
  quantity: '1.50',
  unitId: f.tonne,
  dischargeSiteId: f.ginza,
  ...over,
});
const manifestCount = async () => (await t.db.select({ n: count() }).from(manifests))[0]!.n;

/** A manifest registered through the API and reflected by the network (REGISTERED). */
async function registered(): Promise<string> {
  const res = await call('POST', '/api/manifests', DIS, body());
  expect(res.statusCode).toBe(201);
  const n = res.json<ManifestDetail>().manifestNumber;
  await advance(DELAY);
  await t.app.jwnetWorker.runOnce();
  return n;
}

beforeAll(async () => {
  sim = await startJwnetSimulator({ port: 0, delayMs: DELAY, clock: now.toISOString() });
  t = await createTestApp(
    { jwnet: { url: sim.url, timeoutMs: 1_000, worker: false, workerIntervalMs: 1_000, pollMs: 1_000 } },
    { now: () => now },
  );
  const company = async (name: string) =>
    (await t.db.query.companies.findFirst({ where: eq(companies.name, name) }))!.id;
  const project = async (title: string) => {
    const p = (await t.db.query.projects.findFirst({ where: eq(projects.title, title) }))!;
    const line = (await t.db.query.projectWasteLines.findFirst({
      where: eq(projectWasteLines.projectId, p.id),
    }))!;
    return [p.id, line.id] as const;
  };
  const site = async (name: string) =>
    (await t.db.query.dischargeSites.findFirst({ where: eq(dischargeSites.name, name) }))!.id;
  const [industrial, industrialLine] = await project('本社倉庫 廃プラスチック類 収集運搬');
  const [quoteProject, quoteLine] = await project('倉庫 廃プラスチック類 処理');
  const [regularProject] = await project('銀座店 可燃ごみ定期回収');
  f = {
    green: await company('株式会社グリーン商事'),
    takahashi: await company('髙橋工業株式会社'),
    toto: await company('東都環境サービス株式会社'),
    industrial,
    industrialLine,
    quoteProject,
    quoteLine,
    regularProject,
    ginza: await site('銀座店'),
    kichijoji: await site('𠮷祥寺倉庫'),
    tonne: (await t.db.query.unitMeasures.findFirst({ where: eq(unitMeasures.unit, 't') }))!.id,
  };
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(async () => {
  await sim.control.reset();
  now = tomorrowAt('10:00:00');
  await sim.control.setClock(now.toISOString());
  t.app.jwnet.forgetStatus();
});

describe('registration options', () => {
  it("offers the discharger's industrial projects in progress, its sites, the units and its subscriber number", async () => {
    const res = await call('GET', '/api/manifests/registration-options', DIS);
    expect(res.statusCode).toBe(200);
    const options = res.json();
    expect(options.today).toBe(today());
    expect(options.subscriberNumber).toBe('A123456');
    expect(options.projects).toEqual([
      {
        id: f.industrial,
        title: '本社倉庫 廃プラスチック類 収集運搬',
        transporterName: '東都環境サービス株式会社',
        wasteLines: [{ id: f.industrialLine, wasteName: '廃プラスチック類' }],
      },
    ]);
    expect(options.dischargeSites.map((s: { name: string }) => s.name)).toEqual(['銀座店', '𠮷祥寺倉庫']);
    expect(options.dischargeSites[0].address).toBe('東京都中央区銀座1-2-3 銀座グリーンビル1F');
    expect(options.units.map((u: { unit: string }) => u.unit)).toContain('t');

    const other = (await call('GET', '/api/manifests/registration-options', DIS2)).json();
    expect(other).toMatchObject({ subscriberNumber: null, projects: [], dischargeSites: [] });
    expect((await call('GET', '/api/manifests/registration-options', TRANS)).statusCode).toBe(403);
  });
});

describe('POST /manifests', () => {
  it('registers on the network: a number at once, RESERVED with 1000 running, then REGISTERED', async () => {
    const res = await call('POST', '/api/manifests', DIS, body());
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
    expect(audit?.detail).toMatchObject({ projectId: f.industrial, quantity: 1.5, unit: 't' });
    const tracked = await t.db.query.jwnetRequests.findFirst({
      where: eq(jwnetRequests.manifestNumber, m.manifestNumber),
    });
    expect(tracked).toMatchObject({ kind: 'REGISTER_MANIFEST', state: 'SENT' });

    await advance(DELAY);
    await t.app.jwnetWorker.runOnce();
    const list = (await call('GET', `/api/manifests?manifestNumber=${m.manifestNumber}`, DIS)).json();
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ status: 'REGISTERED', runningFunctions: [] });
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const before = await manifestCount();
    const tomorrow = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(
      new Date(now.getTime() + 86_400_000),
    );
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ deliveryDate: tomorrow }, { deliveryDate: 'delivery_date_in_future' }],
      [{ deliveryDate: '2026-02-30' }, { deliveryDate: 'invalid_format' }],
      [{ deliveryDate: '' }, { deliveryDate: 'MSG_00_21' }],
      [{ quantity: '0' }, { quantity: 'MSG_00_27' }],
      [{ quantity: '123456.789' }, { quantity: 'MSG_00_27' }],
      [{ wasteLineId: f.quoteLine }, { wasteLineId: 'invalid_format' }],
      [{ unitId: 999_999 }, { unitId: 'invalid_format' }],
      [{ dischargeSiteId: 999_999 }, { dischargeSiteId: 'invalid_format' }],
      [{ projectId: f.regularProject }, { projectId: 'invalid_format', wasteLineId: 'invalid_format' }],
    ];
    for (const [over, fields] of cases) {
      const res = await call('POST', '/api/manifests', DIS, body(over));
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
    const foreignSite = await call('POST', '/api/manifests', DIS, body({ dischargeSiteId: osaka!.id }));
    expect(foreignSite.json().fields).toEqual({ dischargeSiteId: 'invalid_format' });
    expect(await manifestCount()).toBe(before);
  });

  it("answers 404 for another company's project, 409 for a project not in progress, 403 for a transporter", async () => {
    const other = await call('POST', '/api/manifests', DIS2, body());
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('project_not_found');
    const notRunning = await call(
      'POST',
      '/api/manifests',
      DIS,
      body({ projectId: f.quoteProject, wasteLineId: f.quoteLine }),
    );
    expect(notRunning.statusCode).toBe(409);
    expect(notRunning.json().code).toBe('invalid_status_transition');
    expect((await call('POST', '/api/manifests', TRANS, body())).statusCode).toBe(403);
  });

  it('answers 409 edi_not_ready without a subscriber number, and uses a site’s own number when it has one', async () => {
    const user = (await t.db.query.users.findFirst({ where: eq(users.email, DIS) }))!;
    await t.db.update(users).set({ registrantNumber: null }).where(eq(users.id, user.id));
    try {
      const none = await call('POST', '/api/manifests', DIS, body({ dischargeSiteId: f.kichijoji }));
      expect(none.statusCode).toBe(409);
      expect(none.json().code).toBe('edi_not_ready');
      const options = (await call('GET', '/api/manifests/registration-options', DIS)).json();
      expect(options.subscriberNumber).toBeNull();
      // 銀座店 is registered on the network under its own number.
      const own = await call('POST', '/api/manifests', DIS, body({ dischargeSiteId: f.ginza }));
      expect(own.statusCode).toBe(201);
      const onNetwork = await fetch(`${sim.url}/manifests/${own.json().manifestNumber}`);
      expect((await onNetwork.json()).registration).toMatchObject({
        dischargerSubscriberNumber: 'G000001',
        dischargerName: '株式会社グリーン商事',
        dischargeFacility: { name: '銀座店', address: '東京都中央区銀座1-2-3 銀座グリーンビル1F' },
        waste: { name: '廃プラスチック類', quantity: 1.5, unit: 't' },
        transporterName: '東都環境サービス株式会社',
      });
    } finally {
      await t.db.update(users).set({ registrantNumber: user.registrantNumber }).where(eq(users.id, user.id));
    }
  });

  it('maps the network’s faults to codes and writes nothing', async () => {
    const before = await manifestCount();
    await sim.control.unavailable();
    const down = await call('POST', '/api/manifests', DIS, body());
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('jwnet_unavailable');
    await sim.control.clearFaults();

    await sim.control.refuse({ count: 1, code: 'E_INVALID', message: 'bad registration' });
    const refused = await call('POST', '/api/manifests', DIS, body());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('jwnet_refused');

    await sim.control.setClock(tomorrowAt('19:30:00').toISOString());
    const closed = await call('POST', '/api/manifests', DIS, body());
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('jwnet_outside_hours');

    await sim.control.setClock(now.toISOString());
    await sim.control.setStopDays([today()]);
    const stopped = await call('POST', '/api/manifests', DIS, body());
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json().code).toBe('jwnet_service_stopped');
    expect(await manifestCount()).toBe(before);
    expect((await sim.control.settings()).manifests).toBe(0);
    await sim.control.setStopDays([]);
  });

  it('asks again with the same key when the answer was lost, and keeps the one number issued', async () => {
    const before = (await sim.control.settings()).manifests;
    await sim.control.timeout({ count: 1, holdMs: 2_500 });
    const res = await call('POST', '/api/manifests', DIS, body());
    expect(res.statusCode).toBe(201);
    const number = res.json<ManifestDetail>().manifestNumber;
    expect((await sim.control.settings()).manifests).toBe(before + 1);
    const rows = await t.db.select().from(manifests).where(eq(manifests.manifestNumber, number));
    expect(rows).toHaveLength(1);
  });
});

describe('manifest list and detail', () => {
  it('shows each party its own manifests only, with filters', async () => {
    const n = await registered();
    const numbers = async (url: string, email: string) =>
      (await call('GET', url, email)).json<{ rows: ManifestSummary[] }>().rows.map((r) => r.manifestNumber);
    expect(await numbers('/api/manifests', DIS)).toContain(n);
    expect(await numbers('/api/manifests', DIS2)).not.toContain(n);
    expect(await numbers('/api/trans/manifests', TRANS)).toContain(n);
    expect(await numbers(`/api/trans/manifests?companyId=${f.green}`, TRANS)).toContain(n);
    expect(await numbers(`/api/trans/manifests?companyId=${f.takahashi}`, TRANS)).not.toContain(n);
    expect(await numbers('/api/trans/manifests', PLATFORM)).not.toContain(n);
    expect(await numbers(`/api/manifests?manifestNumber=${n.slice(3, 9)}`, DIS)).toContain(n);
    expect(await numbers('/api/manifests?status=REGISTERED', DIS)).toContain(n);
    expect(await numbers('/api/manifests?status=DISPOSAL_END', DIS)).not.toContain(n);
    expect(await numbers(`/api/manifests?deliveryFrom=${today()}&deliveryTo=${today()}`, DIS)).toContain(n);
    expect(await numbers('/api/manifests?deliveryTo=2020-01-01', DIS)).not.toContain(n);
    expect((await call('GET', '/api/manifests?status=NOPE', DIS)).statusCode).toBe(400);
    expect((await call('GET', '/api/manifests', TRANS)).statusCode).toBe(403);
    expect((await call('GET', '/api/trans/manifests', DIS)).statusCode).toBe(403);

    // An admin acting for the transporter sees what the transporter sees; an admin alone has no manifests.
    const admin = await t.login('admin@example.com');
    const acting = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${f.toto}/auth-token?isTransport=true`,
      headers: t.auth(admin),
    });
    expect(acting.statusCode).toBe(200);
    const asTransporter = await t.app.inject({
      url: '/api/trans/manifests',
      headers: t.auth(acting.json().token),
    });
    expect(asTransporter.json<{ rows: ManifestSummary[] }>().rows.map((r) => r.manifestNumber)).toContain(n);
    expect((await t.app.inject({ url: '/api/manifests', headers: t.auth(admin) })).statusCode).toBe(403);
  });

  it('answers the detail fresh from the network, stored when the network is down, 404 to others', async () => {
    const n = await registered();
    const fresh = await call('GET', `/api/manifests/${n}`, DIS);
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
    const carried = (await call('GET', `/api/trans/manifests/${n}`, TRANS)).json<ManifestDetail>();
    expect(carried.fresh).toBe(true);

    await sim.control.unavailable();
    const stale = await call('GET', `/api/manifests/${n}`, DIS);
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ status: 'REGISTERED', fresh: false });
    expect(stale.json().syncedAt).toBe(carried.syncedAt);
    await sim.control.clearFaults();

    for (const [url, email] of [
      [`/api/manifests/${n}`, DIS2],
      [`/api/trans/manifests/${n}`, PLATFORM],
      ['/api/manifests/00000000000', DIS],
    ] as const) {
      const res = await call('GET', url, email);
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
    await advance(DELAY);
    await sim.control.advanceManifest(n, 'DISPOSAL_END');
    const detail = (await call('GET', `/api/trans/manifests/${n}`, TRANS)).json<ManifestDetail>();
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
    const row = (await call('GET', `/api/manifests?manifestNumber=${n}`, DIS)).json().rows[0];
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
    now = WEDNESDAY;
    const ours = (items: ReportDeadlineItem[]) => items.filter((i) => i.manifestNumber.startsWith('9000000'));

    const discharger = (await call('GET', '/api/report-deadlines', DIS)).json();
    expect(discharger.today).toBe('2026-11-25');
    expect(
      ours(discharger.items).map((i) => [i.manifestNumber, i.deadline, i.deadlineState, i.companyName]),
    ).toEqual([
      ['90000000002', '2026-11-19', 'OVERDUE', '東都環境サービス株式会社'],
      ['90000000005', '2026-11-20', 'OVERDUE', '東都環境サービス株式会社'],
      ['90000000001', '2026-11-26', 'DUE_SOON', '東都環境サービス株式会社'],
      ['90000000003', '2026-11-30', 'OK', '東都環境サービス株式会社'],
    ]);

    const transporter = (await call('GET', '/api/trans/report-deadlines', TRANS)).json();
    expect(ours(transporter.items).map((i) => [i.manifestNumber, i.deadlineState, i.companyName])).toEqual([
      ['90000000002', 'OVERDUE', '株式会社グリーン商事'],
      ['90000000005', 'OVERDUE', '株式会社グリーン商事'],
      ['90000000001', 'DUE_SOON', '株式会社グリーン商事'],
    ]);
    expect(ours((await call('GET', '/api/report-deadlines', DIS2)).json().items)).toEqual([]);
    expect(ours((await call('GET', '/api/trans/report-deadlines', PLATFORM)).json().items)).toEqual([]);
    expect((await call('GET', '/api/report-deadlines', TRANS)).statusCode).toBe(403);

    // The list shows the same deadline while no report is made, and the report once made.
    const rows = (await call('GET', '/api/manifests?manifestNumber=9000000000', DIS)).json<{
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
    now = new Date('2026-11-27T10:00:00+09:00');
    const friday = (await call('GET', '/api/trans/report-deadlines', TRANS)).json();
    expect(ours(friday.items).map((i) => [i.manifestNumber, i.deadlineState])).toEqual([
      ['90000000002', 'OVERDUE'],
      ['90000000005', 'OVERDUE'],
      ['90000000001', 'OVERDUE'],
      ['90000000003', 'DUE_SOON'],
    ]);
  });
});
