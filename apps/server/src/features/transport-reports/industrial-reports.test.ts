import type {
  IndustrialReportOptions,
  ReportActionResponse,
  TransportReport,
} from '@junkan/shared/api/transport-reports';
import { transportReportDeadline } from '@junkan/shared/transport-deadline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIS, DIS2, demoProject, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { insertIndustrialProject, type IndustrialProject as Project } from '../../../test/fixtures/projects';
import { type JwnetHarness, startJwnetHarness, tomorrowAt } from '../../../test/jwnet-harness';
import { mailBody } from '../../../test/smtp-sink';
import type { TestContext } from '../../../test/test-app';
import { companies, jwnetRequests, manifests, transportReports, unitMeasures, wastes } from '../../db/schema';
import { nationalHolidayName } from '../../lib/national-holidays';
import { tokyoDate } from '../../lib/time';
import { JwnetWorker } from '../jwnet/jwnet-worker';
import { handleJwnetOutcome } from './jwnet-outcomes';

const DELAY = 1_000;

/** Where the business clock of the app, the worker and the simulator starts each test. */
const START = tomorrowAt('10:00:00');
const TODAY = tokyoDate(START);
const YESTERDAY = tokyoDate(new Date(START.getTime() - 86_400_000));

let net: JwnetHarness;
let t: TestContext;
let unitT = 0;
let unitPieces = 0;
let wasteCode = '';

beforeAll(async () => {
  net = await startJwnetHarness({ start: START, delayMs: DELAY });
  t = net.t;
  const units = await t.db.select().from(unitMeasures);
  unitT = units.find((u) => u.unit === 't')!.id;
  unitPieces = units.find((u) => u.isCount)!.id;
  const plastics = await t.db.query.wastes.findFirst({ where: eq(wastes.name, '廃プラスチック類') });
  wasteCode = plastics!.wasteCode;
});
afterAll(() => net?.close());
beforeEach(() => net.reset());

const industrialProject = (status?: string) => insertIndustrialProject(t.db, status);

/** A manifest the discharger registered on the network for the project, known to the product. */
const registeredManifest = (p: Project, networkStatus = 'REGISTERED', running: string[] = []) =>
  net.networkManifest(
    {
      projectId: p.projectId,
      dischargerCompanyId: p.dischargerId,
      transportCompanyId: p.transporterId,
      wasteName: '廃プラスチック類',
      deliveryDate: YESTERDAY,
      networkStatus,
      runningFunctions: running,
    },
    { deliveryDate: YESTERDAY },
  );

const reportBody = (p: Project, overrides: Record<string, unknown> = {}) => ({
  dischargerId: p.dischargerId,
  projectId: p.projectId,
  collectTime: YESTERDAY,
  wasteId: p.wasteId,
  transportEndDate: TODAY,
  manifestId: null,
  vehicleNumber: '品川100あ1234',
  transportVolume: '1.50',
  transportVolumeUnit: unitT,
  valuablesCollected: '0.20',
  valuablesCollectedUnit: unitT,
  reporter: '山田',
  transporter: '佐藤',
  disposalMethodId: null,
  ...overrides,
});

const correction = (overrides: Record<string, unknown> = {}) => ({
  lastEndDateTransport: TODAY,
  lastTransportVolume: '2.00',
  lastTransportVolumeUnit: unitT,
  lastValuablesCollected: null,
  lastValuablesCollectedUnit: null,
  lastVehicleNumber: '品川100あ1234',
  lastReporter: '山田',
  lastTransporter: '鈴木',
  lastDisposalMethodId: null,
  ...overrides,
});

async function createReport(p: Project, overrides: Record<string, unknown> = {}) {
  const res = await t.as(TRANS).post('/trans/transport-reports', reportBody(p, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TransportReport>();
}

/** A report the network has taken (synced), with its manifest number. */
async function syncedReport() {
  const p = await industrialProject();
  const manifestNumber = await registeredManifest(p);
  const created = await createReport(p, { manifestId: manifestNumber });
  await net.syncNetwork();
  const report = await readReport(created.id);
  expect(report.isSyncedJWNet).toBe(true);
  return { p, manifestNumber, report };
}

async function readReport(id: number, email = TRANS) {
  const res = await t.as(email).get(`${email === TRANS ? '/trans' : ''}/transport-reports/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TransportReport>();
}

const requestsOf = (reportId: number) =>
  t.db.select().from(jwnetRequests).where(eq(jwnetRequests.transportReportId, reportId));
const reportRow = async (id: number) =>
  (await t.db.query.transportReports.findFirst({ where: eq(transportReports.id, id) }))!;
const manifestRow = async (n: string) =>
  (await t.db.query.manifests.findFirst({ where: eq(manifests.manifestNumber, n) }))!;

describe('industrial report: options and create', () => {
  it('offers the projects in progress, their waste lines and the manifests not reported yet', async () => {
    const p = await industrialProject();
    const n = await registeredManifest(p);
    const notYet = await industrialProject('COMPLETE_CONTRACT');
    const res = await t.as(TRANS).get('/trans/transport-reports/options');
    expect(res.statusCode).toBe(200);
    const options = res.json<IndustrialReportOptions>();
    expect(options.today).toBe(TODAY);
    expect(options.projects.some((o) => o.id === notYet.projectId)).toBe(false);
    const offered = options.projects.find((o) => o.id === p.projectId)!;
    expect(offered).toMatchObject({
      dischargerId: p.dischargerId,
      dischargerName: '株式会社グリーン商事',
      wastes: [{ wasteId: p.wasteId, wasteName: '廃プラスチック類' }],
      manifests: [{ manifestNumber: n, wasteName: '廃プラスチック類', deliveryDate: YESTERDAY }],
    });
    expect(options.units.find((u) => u.id === unitPieces)?.isCount).toBe(true);
    expect(options.disposalMethods.length).toBeGreaterThan(0);

    await createReport(p, { manifestId: n });
    const after = (await t.as(TRANS).get('/trans/transport-reports/options')).json<IndustrialReportOptions>();
    expect(after.projects.find((o) => o.id === p.projectId)!.manifests).toEqual([]);
    // Only transporters report; the discharger's session has no such call.
    expect((await t.as(DIS).get('/trans/transport-reports/options')).statusCode).toBe(403);
  });

  it('stores a report without a manifest number and queues nothing', async () => {
    const p = await industrialProject();
    const report = await createReport(p);
    expect(report).toMatchObject({
      status: 'BLANK',
      projectId: p.projectId,
      wasteCompanyId: p.dischargerId,
      wasteCompanyName: '株式会社グリーン商事',
      wasteName: '廃プラスチック類',
      collectTime: YESTERDAY,
      endDateTransport: TODAY,
      manifestId: null,
      transportVolume: 1.5,
      transportVolumeUnit: unitT,
      valuablesCollected: 0.2,
      valuablesCollectedUnit: unitT,
      transporter: '佐藤',
      lastTransportVolume: null,
      isSyncedJWNet: false,
      isJWNetApiAvailable: true,
      jwnetPending: false,
      jwnetRefusal: null,
      deadline: transportReportDeadline(TODAY, nationalHolidayName),
      checkedAt: net.now().toISOString(),
    });
    expect(report.units.length).toBeGreaterThan(0);
    expect(await requestsOf(report.id)).toEqual([]);
    // The discharger whose waste it is reads it; another discharger or transporter does not.
    expect((await readReport(report.id, DIS)).id).toBe(report.id);
    expect((await t.as(DIS2).get(`/transport-reports/${report.id}`)).json().code).toBe('report_not_found');
    expect((await t.as(PLATFORM).get(`/trans/transport-reports/${report.id}`)).statusCode).toBe(404);
    expect((await t.as(DIS).get(`/trans/transport-reports/${report.id}`)).statusCode).toBe(403);
    // No manifest number: the rules allow neither a correction nor a cancellation.
    const fix = await t.as(TRANS).put(`/trans/transport-reports/${report.id}`, correction());
    expect([fix.statusCode, fix.json().code]).toEqual([400, 'manifest_id_missing']);
  });

  it.each([
    [
      'an end date before the collection date',
      { transportEndDate: '2020-01-01' },
      'transportEndDate',
      'end_date_before_collection',
    ],
    [
      'an end date after today',
      { transportEndDate: tokyoDate(new Date(START.getTime() + 86_400_000)) },
      'transportEndDate',
      'end_date_in_future',
    ],
    [
      'a collection date after today (the end date with it)',
      {
        collectTime: tokyoDate(new Date(START.getTime() + 86_400_000)),
        transportEndDate: tokyoDate(new Date(START.getTime() + 86_400_000)),
      },
      'collectTime',
      'collect_time_in_future',
    ],
    ['a blank transporter', { transporter: '  ' }, 'transporter', 'MSG_00_21'],
    ['a volume with three decimals', { transportVolume: '1.234' }, 'transportVolume', 'MSG_00_27'],
    ['a volume of eight digits', { transportVolume: '12345678' }, 'transportVolume', 'MSG_00_27'],
    ['a volume of 0', { transportVolume: '0.00' }, 'transportVolume', 'quantity_not_positive'],

    ['valuables without a unit', { valuablesCollectedUnit: null }, 'valuablesCollectedUnit', 'MSG_00_21'],
    ['a manifest number of 10 digits', { manifestId: '1234567890' }, 'manifestId', 'invalid_format'],
    ['an unknown unit', { transportVolumeUnit: 99_999 }, 'transportVolumeUnit', 'invalid_format'],
  ])('refuses %s (400 on the field)', async (_label, overrides, field, code) => {
    const p = await industrialProject();
    const res = await t.as(TRANS).post('/trans/transport-reports', reportBody(p, overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toBe(code);
  });

  it("refuses a collection outside the contract's period when no manifest names it", async () => {
    const demo = await demoProject(t.db, '本社倉庫 廃プラスチック類 収集運搬');
    const p = {
      projectId: demo.id,
      dischargerId: demo.companyId,
      wasteId: demo.line.wasteId!,
    } as Project;
    const res = await t
      .as(TRANS)
      .post('/trans/transport-reports', reportBody(p, { collectTime: '2000-01-01' }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ collectTime: 'outside_contract_period' });
  });

  it('stores valuables as 0 with no unit when the volume is in a count unit', async () => {
    const p = await industrialProject();
    const report = await createReport(p, { transportVolume: '3', transportVolumeUnit: unitPieces });
    expect(report).toMatchObject({
      transportVolume: 3,
      transportVolumeUnit: unitPieces,
      valuablesCollected: 0,
      valuablesCollectedUnit: null,
    });
  });

  it("refuses another transporter's project, a wrong discharger or waste, and a project not in progress", async () => {
    const p = await industrialProject();
    const other = await t.as(PLATFORM).post('/trans/transport-reports', reportBody(p));
    expect([other.statusCode, other.json().code]).toEqual([404, 'project_not_found']);
    const discharger = await t.as(DIS).post('/trans/transport-reports', reportBody(p));
    expect(discharger.statusCode).toBe(403);
    const takahashi = await t.db.query.companies.findFirst({ where: eq(companies.name, '髙橋工業株式会社') });
    const wrongDischarger = await t
      .as(TRANS)
      .post('/trans/transport-reports', reportBody(p, { dischargerId: takahashi!.id }));
    expect([wrongDischarger.statusCode, wrongDischarger.json().fields?.dischargerId]).toEqual([
      400,
      'invalid_format',
    ]);
    const metal = await t.db.query.wastes.findFirst({ where: eq(wastes.category, 'INDUSTRIAL') });
    const wrongWaste = await t
      .as(TRANS)
      .post('/trans/transport-reports', reportBody(p, { wasteId: metal!.id + 100_000 }));
    expect([wrongWaste.statusCode, wrongWaste.json().fields?.wasteId]).toEqual([400, 'invalid_format']);
    const done = await industrialProject('COMPLETE');
    const closed = await t.as(TRANS).post('/trans/transport-reports', reportBody(done));
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'invalid_status_transition']);
  });

  it('checks the manifest: known, registered, not reported yet', async () => {
    const p = await industrialProject();
    const unknown = await t
      .as(TRANS)
      .post('/trans/transport-reports', reportBody(p, { manifestId: '99999999999' }));
    expect([unknown.statusCode, unknown.json().fields?.manifestId]).toEqual([404, 'manifest_not_found']);
    const reserved = await registeredManifest(p, 'RESERVED', ['1000']);
    const early = await t.as(TRANS).post('/trans/transport-reports', reportBody(p, { manifestId: reserved }));
    expect([early.statusCode, early.json().code, early.json().fields?.manifestId]).toEqual([
      409,
      'jwnet_registration_pending',
      'jwnet_registration_pending',
    ]);
    const n = await registeredManifest(p);
    await createReport(p, { manifestId: n });
    const twice = await t.as(TRANS).post('/trans/transport-reports', reportBody(p, { manifestId: n }));
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'manifest_already_reported']);
    // Another project's manifest (of another discharger) is not this project's.
    const q = await industrialProject();
    const elsewhere = await registeredManifest(q);
    await t.db
      .update(manifests)
      .set({ projectId: null, transportCompanyId: null })
      .where(eq(manifests.manifestNumber, elsewhere));
    const notFitting = await t
      .as(TRANS)
      .post('/trans/transport-reports', reportBody(p, { manifestId: elsewhere }));
    expect(notFitting.statusCode).toBe(404);
  });
});

describe('industrial report: the manifest network', () => {
  it('queues the transport-end report and marks the report synced when the network reflects it', async () => {
    const p = await industrialProject();
    const n = await registeredManifest(p);
    const created = await createReport(p, { manifestId: n, disposalMethodId: null });
    expect(created).toMatchObject({
      manifestId: n,
      isSyncedJWNet: false,
      manifestStatus: 'TEMP_TRANSPORT',
      runningFunctions: ['0403'],
      jwnetPending: true,
      jwnetSyncedAt: null,
    });
    // While the report runs on the network, nothing can be done with it.
    const early = await t.as(TRANS).put(`/trans/transport-reports/${created.id}`, correction());
    expect([early.statusCode, early.json().code]).toEqual([409, 'jwnet_function_running']);

    await t.app.jwnetWorker.runOnce();
    expect((await requestsOf(created.id))[0]).toMatchObject({ kind: 'REPORT_TRANSPORT_END', state: 'SENT' });
    expect((await readReport(created.id)).isSyncedJWNet).toBe(false);
    await net.advance(DELAY + 1_000);
    await t.app.jwnetWorker.runOnce();
    const synced = await readReport(created.id);
    expect(synced).toMatchObject({
      isSyncedJWNet: true,
      manifestStatus: 'TRANSPORT_END',
      runningFunctions: [],
      jwnetPending: false,
      jwnetRefusal: null,
    });
    expect(synced.jwnetSyncedAt).not.toBeNull();
    const onNetwork = await t.app.jwnet.adapter.getManifest(n);
    expect(onNetwork.status).toBe('TRANSPORT_END');
    expect(onNetwork.transportReport).toMatchObject({
      transportEndDate: TODAY,
      volume: 1.5,
      unit: 't',
      valuables: { volume: 0.2, unit: 't' },
      transporter: '佐藤',
    });
  });

  it('takes a correction of a synced report to the discharger, who approves it; a second one is rejected', async () => {
    const { report, manifestNumber } = await syncedReport();
    const mailsBefore = t.smtp.mails.length;
    const versionBefore = (await reportRow(report.id)).version;
    const res = await t.as(TRANS).put(`/trans/transport-reports/${report.id}`, correction());
    expect(res.statusCode, res.body).toBe(200);
    const corrected = res.json<ReportActionResponse>();
    expect(corrected.outcome).toBe('AWAITING_APPROVAL');
    expect(corrected.report).toMatchObject({
      status: 'ACCEPTANCE_OR_DENIAL',
      transportVolume: 1.5,
      transporter: '佐藤',
      lastTransportVolume: 2,
      lastTransporter: '鈴木',
      manifestStatus: 'TEMP_TRANSPORT',
      runningFunctions: ['0501'],
      jwnetPending: true,
    });
    expect(t.smtp.mails.slice(mailsBefore).some((m) => m.to.includes(DIS))).toBe(true);
    expect((await reportRow(report.id)).version).toBe(versionBefore + 1);

    const mailsBeforeApproval = t.smtp.mails.length;
    const approved = await t.as(DIS).post(`/transport-reports/${report.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    // The transporter is told its correction was approved, as it is of a rejection.
    await expect
      .poll(() =>
        t.smtp.mails
          .slice(mailsBeforeApproval)
          .some((m) => m.to.includes(TRANS) && mailBody(m.raw).includes('修正依頼を承認しました')),
      )
      .toBe(true);
    expect(approved.json<ReportActionResponse>()).toMatchObject({
      outcome: 'UPDATED',
      report: {
        status: 'BLANK',
        transportVolume: 2,
        transporter: '鈴木',
        lastTransportVolume: null,
        lastTransporter: null,
      },
    });
    await net.syncNetwork();
    expect((await t.app.jwnet.adapter.getManifest(manifestNumber)).transportReport).toMatchObject({
      volume: 2,
      transporter: '鈴木',
    });
    expect(await manifestRow(manifestNumber)).toMatchObject({
      networkStatus: 'TRANSPORT_END',
      runningFunctions: [],
    });

    // A second correction, rejected: the transporter sees what was rejected, then acknowledges it.
    await t
      .as(TRANS)
      .put(`/trans/transport-reports/${report.id}`, correction({ lastTransportVolume: '3.00' }));
    const mailsBeforeReject = t.smtp.mails.length;
    const rejected = await t.as(DIS).post(`/transport-reports/${report.id}/reject`);
    expect(rejected.json<ReportActionResponse>()).toMatchObject({
      outcome: 'UPDATED',
      report: { status: 'REJECTION', transportVolume: 2, lastTransportVolume: 3 },
    });
    expect(t.smtp.mails.slice(mailsBeforeReject).some((m) => m.to.includes(TRANS))).toBe(true);
    // Only the transporter acknowledges; the discharger cannot answer twice.
    const again = await t.as(DIS).post(`/transport-reports/${report.id}/approve`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invalid_status_transition']);
    const confirmed = await t.as(TRANS).post(`/trans/transport-reports/${report.id}/confirm-rejection`);
    expect(confirmed.json<ReportActionResponse>()).toMatchObject({
      outcome: 'UPDATED',
      report: { status: 'BLANK', transportVolume: 2, lastTransportVolume: null },
    });
    await net.syncNetwork();
    const onNetwork = await t.app.jwnet.adapter.getManifest(manifestNumber);
    expect(onNetwork).toMatchObject({ status: 'TRANSPORT_END', transportReport: { volume: 2 } });
    expect((await requestsOf(report.id)).every((r) => r.state === 'DONE')).toBe(true);
  });

  it('corrects a report the network refused at once, and sends it again', async () => {
    const p = await industrialProject();
    const n = await registeredManifest(p);
    const created = await createReport(p, { manifestId: n });
    await net.sim.control.refuse({ count: 1, code: 'E_CHECK', message: 'rejected by the check' });
    await t.app.jwnetWorker.runOnce();
    const refused = await readReport(created.id);
    expect(refused).toMatchObject({
      isSyncedJWNet: false,
      manifestStatus: 'REGISTERED',
      runningFunctions: [],
    });
    // An unknown network code shows the generic refusal; the network's sentence stays in the table.
    expect(refused.jwnetRefusal).toBe('jwnet_refused');
    expect(JSON.stringify(refused)).not.toContain('rejected by the check');
    expect((await requestsOf(created.id))[0]).toMatchObject({ state: 'REFUSED', refusalCode: 'E_CHECK' });

    const res = await t.as(TRANS).put(
      `/trans/transport-reports/${created.id}`,
      correction({
        lastEndDateTransport: YESTERDAY,
        lastTransportVolume: '1.75',
        lastTransportVolumeUnit: unitPieces,
        lastValuablesCollected: '1.00',
        lastValuablesCollectedUnit: unitT,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<ReportActionResponse>();
    expect(updated).toMatchObject({
      outcome: 'UPDATED',
      report: {
        status: 'BLANK',
        endDateTransport: YESTERDAY,
        transportVolume: 1.75,
        transportVolumeUnit: unitPieces,
        valuablesCollected: 0,
        valuablesCollectedUnit: null,
        transporter: '鈴木',
        lastTransportVolume: null,
        deadline: transportReportDeadline(YESTERDAY, nationalHolidayName),
        jwnetPending: true,
        runningFunctions: ['0403'],
      },
    });
    expect((await reportRow(created.id)).version).toBe(2);
    await net.syncNetwork();
    expect(await readReport(created.id)).toMatchObject({ isSyncedJWNet: true, jwnetRefusal: null });
    expect((await t.app.jwnet.adapter.getManifest(n)).transportReport).toMatchObject({
      transportEndDate: YESTERDAY,
      volume: 1.75,
      unit: '個',
    });
  });

  it('deletes a synced report only when the discharger approves its deletion', async () => {
    const { p, report, manifestNumber } = await syncedReport();
    const mailsBefore = t.smtp.mails.length;
    const res = await t.as(TRANS).post(`/trans/transport-reports/${report.id}/cancel`);
    expect(res.json<ReportActionResponse>()).toMatchObject({
      outcome: 'AWAITING_APPROVAL',
      report: { status: 'REQUEST_DELETE', runningFunctions: ['0601'] },
    });
    expect(t.smtp.mails.slice(mailsBefore).some((m) => m.to.includes(DIS))).toBe(true);
    const approved = await t.as(DIS).post(`/transport-reports/${report.id}/approve`);
    expect(approved.json<ReportActionResponse>()).toEqual({ outcome: 'DELETED', report: null });
    expect((await t.as(TRANS).get(`/trans/transport-reports/${report.id}`)).statusCode).toBe(404);
    expect((await t.as(DIS).get(`/transport-reports/${report.id}`)).statusCode).toBe(404);

    const [year, month] = TODAY.split('-').map(Number);
    const detail = await t
      .as(TRANS)
      .get(
        `/trans/achievements/detail?year=${year}&month=${month}&wasteType=1&wasteCode=${wasteCode}&wasteCompanyId=${p.dischargerId}`,
      );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ items: { id: number }[] }>().items.some((r) => r.id === report.id)).toBe(false);

    await net.syncNetwork();
    expect((await t.app.jwnet.adapter.getManifest(manifestNumber)).status).toBe('REGISTERED');
    // The manifest can be reported again.
    const options = (
      await t.as(TRANS).get('/trans/transport-reports/options')
    ).json<IndustrialReportOptions>();
    expect(
      options.projects.find((o) => o.id === p.projectId)!.manifests.map((m) => m.manifestNumber),
    ).toEqual([manifestNumber]);
  });

  it('deletes a report the network never took at once', async () => {
    const p = await industrialProject();
    const n = await registeredManifest(p);
    const created = await createReport(p, { manifestId: n });
    await net.sim.control.refuse({ count: 1 });
    await t.app.jwnetWorker.runOnce();
    const res = await t.as(TRANS).post(`/trans/transport-reports/${created.id}/cancel`);
    expect(res.json<ReportActionResponse>()).toEqual({ outcome: 'DELETED', report: null });
    expect((await reportRow(created.id)).deletedAt).not.toBeNull();
    expect((await t.as(TRANS).get(`/trans/transport-reports/${created.id}`)).statusCode).toBe(404);
    expect((await requestsOf(created.id)).map((r) => r.kind)).toEqual(['REPORT_TRANSPORT_END']);
  });

  it('lets only the parties act: another transporter or discharger finds nothing, roles are kept', async () => {
    const { report } = await syncedReport();
    const otherFix = await t.as(PLATFORM).put(`/trans/transport-reports/${report.id}`, correction());
    expect([otherFix.statusCode, otherFix.json().code]).toEqual([404, 'report_not_found']);
    expect((await t.as(PLATFORM).post(`/trans/transport-reports/${report.id}/cancel`)).statusCode).toBe(404);
    expect((await t.as(DIS).put(`/trans/transport-reports/${report.id}`, correction())).statusCode).toBe(403);

    await t.as(TRANS).put(`/trans/transport-reports/${report.id}`, correction());
    expect((await t.as(DIS2).post(`/transport-reports/${report.id}/approve`)).statusCode).toBe(404);
    expect((await t.as(DIS2).post(`/transport-reports/${report.id}/reject`)).statusCode).toBe(404);
    expect((await t.as(TRANS).post(`/transport-reports/${report.id}/approve`)).statusCode).toBe(403);
    // The transporter cannot confirm a rejection that did not happen, nor correct while it waits.
    const confirm = await t.as(TRANS).post(`/trans/transport-reports/${report.id}/confirm-rejection`);
    expect([confirm.statusCode, confirm.json().code]).toEqual([409, 'invalid_status_transition']);
    expect((await readReport(report.id, DIS)).status).toBe('ACCEPTANCE_OR_DENIAL');
  });

  it('refuses actions while the network is down, yet takes new reports and sends them later', async () => {
    const { report } = await syncedReport();
    const before = await reportRow(report.id);
    const requestsBefore = (await requestsOf(report.id)).length;
    await net.sim.control.unavailable();
    t.app.jwnet.forgetStatus();
    const res = await t.as(TRANS).put(`/trans/transport-reports/${report.id}`, correction());
    expect([res.statusCode, res.json().code]).toEqual([503, 'jwnet_unavailable']);
    expect(await reportRow(report.id)).toEqual(before);
    expect(await requestsOf(report.id)).toHaveLength(requestsBefore);
    expect((await readReport(report.id)).isJWNetApiAvailable).toBe(false);

    const p = await industrialProject();
    const n = await registeredManifest(p);
    const created = await createReport(p, { manifestId: n });
    await t.app.jwnetWorker.runOnce();
    const [waiting] = await requestsOf(created.id);
    expect(waiting).toMatchObject({ state: 'QUEUED', attempts: 1 });
    expect(waiting!.lastError).toContain('UNAVAILABLE');

    await net.sim.control.clearFaults();
    t.app.jwnet.forgetStatus();
    await net.advance(60_000);
    await net.syncNetwork();
    expect(await readReport(created.id)).toMatchObject({ isSyncedJWNet: true, jwnetPending: false });
  });

  it('retries a send whose answer was lost, and the network takes the report once', async () => {
    const p = await industrialProject();
    const n = await registeredManifest(p);
    const created = await createReport(p, { manifestId: n });
    const requestsBefore = (await net.sim.control.settings()).requests;
    await net.sim.control.timeout({ count: 1, holdMs: 3_000 });
    await t.app.jwnetWorker.runOnce();
    const [timedOut] = await requestsOf(created.id);
    expect(timedOut).toMatchObject({ state: 'QUEUED', attempts: 1 });
    expect(timedOut!.lastError).toContain('TIMEOUT');
    await net.advance(60_000);
    await net.syncNetwork();
    expect(await readReport(created.id)).toMatchObject({ isSyncedJWNet: true });
    expect((await net.sim.control.settings()).requests).toBe(requestsBefore + 1);
  });

  it('returns a correction the network refused to BLANK and shows why', async () => {
    const { report, manifestNumber } = await syncedReport();
    await t.as(TRANS).put(`/trans/transport-reports/${report.id}`, correction());
    await net.sim.control.failResults({ count: 1, code: 'E_CHECK', message: 'correction not acceptable' });
    await net.syncNetwork();
    const back = await readReport(report.id);
    expect(back).toMatchObject({
      status: 'BLANK',
      transportVolume: 1.5,
      lastTransportVolume: null,
      isSyncedJWNet: true,
      manifestStatus: 'TRANSPORT_END',
      runningFunctions: [],
      jwnetPending: false,
    });
    expect(back.jwnetRefusal).toBe('jwnet_refused');
    expect((await t.app.jwnet.adapter.getManifest(manifestNumber)).transportReport?.volume).toBe(1.5);
    // It can be corrected again.
    const again = await t.as(TRANS).put(`/trans/transport-reports/${report.id}`, correction());
    expect(again.json<ReportActionResponse>().outcome).toBe('AWAITING_APPROVAL');
  });

  /** A report in the state an action needs, with who takes the action and how. */
  type StopDayCase = [
    string,
    () => Promise<number>,
    'TRANS' | 'DIS',
    (id: number) => Promise<{ statusCode: number; json: () => { code?: string } }>,
  ];
  const synced = async () => (await syncedReport()).report.id;
  const awaitingCorrection = async () => {
    const id = await synced();
    await t.as(TRANS).put(`/trans/transport-reports/${id}`, correction());
    return id;
  };
  const awaitingDeletion = async () => {
    const id = await synced();
    await t.as(TRANS).post(`/trans/transport-reports/${id}/cancel`);
    return id;
  };
  const refused = async () => {
    const p = await industrialProject();
    const created = await createReport(p, { manifestId: await registeredManifest(p) });
    await net.sim.control.refuse({ count: 1 });
    await t.app.jwnetWorker.runOnce();
    return created.id;
  };
  const rejected = async () => {
    const id = await awaitingCorrection();
    await t.as(DIS).post(`/transport-reports/${id}/reject`);
    return id;
  };
  it.each<StopDayCase>([
    [
      'the correction of a synced report',
      synced,
      'TRANS',
      (id) => t.as(TRANS).put(`/trans/transport-reports/${id}`, correction()),
    ],
    [
      'the deletion request of a synced report',
      synced,
      'TRANS',
      (id) => t.as(TRANS).post(`/trans/transport-reports/${id}/cancel`),
    ],
    [
      'the approval of a correction',
      awaitingCorrection,
      'DIS',
      (id) => t.as(DIS).post(`/transport-reports/${id}/approve`),
    ],
    [
      'the rejection of a correction',
      awaitingCorrection,
      'DIS',
      (id) => t.as(DIS).post(`/transport-reports/${id}/reject`),
    ],
    [
      'the approval of a deletion',
      awaitingDeletion,
      'DIS',
      (id) => t.as(DIS).post(`/transport-reports/${id}/approve`),
    ],
    [
      'the resend of a refused report',
      refused,
      'TRANS',
      (id) => t.as(TRANS).post(`/trans/transport-reports/${id}/resend`),
    ],
    [
      'the acknowledgement of a rejection',
      rejected,
      'TRANS',
      (id) => t.as(TRANS).post(`/trans/transport-reports/${id}/confirm-rejection`),
    ],
  ])(
    'refuses %s on a service-stop day that began after the report was read, and writes nothing',
    async (_, prepare, who, act) => {
      const id = await prepare();
      const email = who === 'TRANS' ? TRANS : DIS;
      // The dialog was opened while the network took work; the stop day begins before the button is pressed.
      expect((await readReport(id, email)).isJWNetServiceStopDay).toBe(false);
      await net.sim.control.setStopDays([TODAY]);
      const before = await reportRow(id);
      const requestsBefore = await requestsOf(id);
      const mailsBefore = t.smtp.mails.length;

      const res = await act(id);
      expect([res.statusCode, res.json().code]).toEqual([503, 'jwnet_service_stopped']);
      expect(await reportRow(id)).toEqual(before);
      expect(await requestsOf(id)).toEqual(requestsBefore);
      expect(t.smtp.mails.length).toBe(mailsBefore);
      // What the server judged by is what the dialog shows next: its buttons are disabled for the day.
      expect((await readReport(id, email)).isJWNetServiceStopDay).toBe(true);
    },
  );

  it('refuses corrections outside 07:00-19:00 Japan time', async () => {
    const { report } = await syncedReport();
    await net.setTime(tomorrowAt('19:00:00'));
    const res = await t.as(TRANS).put(`/trans/transport-reports/${report.id}`, correction());
    expect([res.statusCode, res.json().code]).toEqual([409, 'jwnet_outside_hours']);
    const cancel = await t.as(TRANS).post(`/trans/transport-reports/${report.id}/cancel`);
    expect(cancel.json().code).toBe('jwnet_outside_hours');
    expect((await reportRow(report.id)).status).toBe('BLANK');
  });

  it('loses nothing when the server restarts while work is pending', async () => {
    const p = await industrialProject();
    const n = await registeredManifest(p);
    const created = await createReport(p, { manifestId: n });
    const restarted = () =>
      new JwnetWorker(t.db, t.app.jwnet.adapter, {
        pollMs: 1_000,
        now: net.now,
        onOutcome: handleJwnetOutcome,
      });
    expect(await restarted().runOnce()).toBe(1);
    await net.advance(DELAY + 1_000);
    // Another process picks up the sent request from the table and follows it to its result.
    expect(await restarted().runOnce()).toBe(1);
    expect(await readReport(created.id)).toMatchObject({
      isSyncedJWNet: true,
      manifestStatus: 'TRANSPORT_END',
    });
  });
});

describe('industrial report: API documentation', () => {
  it('lists the report calls in the OpenAPI document', async () => {
    const res = await t.anonymous.get('/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/trans/transport-reports/{id}'] ?? {}).sort()).toEqual(['get', 'put']);
    for (const path of [
      '/api/trans/transport-reports/options',
      '/api/trans/transport-reports',
      '/api/transport-reports/{id}',
      '/api/trans/transport-reports/{id}/cancel',
      '/api/trans/transport-reports/{id}/confirm-rejection',
      '/api/transport-reports/{id}/approve',
      '/api/transport-reports/{id}/reject',
    ])
      expect(paths[path], path).toBeDefined();
  });
});
