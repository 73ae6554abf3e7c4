import { ERROR_CODES } from '@junkan/jwnet-simulator';
import type { ManifestDetail, ManifestSummary } from '@junkan/shared/api/manifests';
import type { ReportActionResponse, TransportReport } from '@junkan/shared/api/transport-reports';
import { jwnetRefusalMessage } from '@junkan/shared/jwnet-refusals';
import { isMessageCode } from '@junkan/shared/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIS, demoProject, dischargeSiteId, PLATFORM, TRANS, unitId } from '../../../test/fixtures/demo-data';
import { type JwnetHarness, startJwnetHarness } from '../../../test/jwnet-harness';
import type { TestContext } from '../../../test/test-app';
import { jwnetRequests, manifests, transportReports } from '../../db/schema';

/**
 * The report's legal record against the manifest network: the product's own queued work counts as running
 * whatever a read of the network says; refusals are message codes and a refused report is sent again; every
 * time the screens show comes from the business clock. The clock here is years away from the machine's.
 */

const DELAY = 1_000;
const START = new Date('2031-06-10T10:00:00+09:00');

let net: JwnetHarness;
let t: TestContext;
let f: { project: number; line: number; wasteId: number; discharger: number; site: number; tonne: number };
const today = () => net.today();

beforeAll(async () => {
  net = await startJwnetHarness({ start: START, delayMs: DELAY });
  t = net.t;
  const project = await demoProject(t.db, '本社倉庫 廃プラスチック類 収集運搬');
  f = {
    project: project.id,
    line: project.line.id,
    wasteId: project.line.wasteId!,
    discharger: project.companyId,
    site: await dischargeSiteId(t.db, '銀座店'),
    tonne: await unitId(t.db, 't'),
  };
});
afterAll(() => net?.close());
beforeEach(() => net.reset());

/** The discharger registers a manifest for the demo industrial project (the network issues the number). */
async function registerManifest(): Promise<string> {
  const res = await t.as(DIS).post('/manifests', {
    projectId: f.project,
    wasteLineId: f.line,
    deliveryDate: today(),
    quantity: '1.25',
    unitId: f.tonne,
    dischargeSiteId: f.site,
    // The demo contract runs by the machine's date, years before this clock: the discharger confirms that.
    confirmedDifferences: ['PERIOD'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ManifestDetail>().manifestNumber;
}

const report = (manifestNumber: string, volume = '1.25') => ({
  dischargerId: f.discharger,
  projectId: f.project,
  collectTime: today(),
  wasteId: f.wasteId,
  transportEndDate: today(),
  manifestId: manifestNumber,
  vehicleNumber: '品川100あ1234',
  transportVolume: volume,
  transportVolumeUnit: f.tonne,
  valuablesCollected: null,
  valuablesCollectedUnit: null,
  reporter: '山田',
  transporter: '佐藤',
  disposalMethodId: null,
});

const correction = (volume: string) => ({
  lastEndDateTransport: today(),
  lastTransportVolume: volume,
  lastTransportVolumeUnit: f.tonne,
  lastValuablesCollected: null,
  lastValuablesCollectedUnit: null,
  lastVehicleNumber: '品川100あ1234',
  lastReporter: '山田',
  lastTransporter: '佐藤',
  lastDisposalMethodId: null,
});

async function readReport(id: number) {
  const res = await t.as(TRANS).get(`/trans/transport-reports/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TransportReport>();
}

const requestsOf = (manifestNumber: string) =>
  t.db
    .select()
    .from(jwnetRequests)
    .where(eq(jwnetRequests.manifestNumber, manifestNumber))
    .orderBy(asc(jwnetRequests.id));
const manifestRow = async (n: string) =>
  (await t.db.query.manifests.findFirst({ where: eq(manifests.manifestNumber, n) }))!;

describe('running functions: the product’s own unfinished work counts', () => {
  it('refuses a correction while the first transport report is queued, although a read of the network shows nothing running', async () => {
    const n = await registerManifest();
    // The worker's poll of the registration meets one 503 and backs off.
    await net.advance(DELAY);
    await net.sim.control.unavailable({ count: 1 });
    await t.app.jwnetWorker.runOnce();
    const [registration] = await requestsOf(n);
    expect(registration).toMatchObject({ kind: 'REGISTER_MANIFEST', state: 'SENT', attempts: 2 });
    expect(registration!.lastError).toContain('UNAVAILABLE');
    // Then the registration is reflected and recorded.
    await net.advance(60_000);
    await t.app.jwnetWorker.runOnce();
    expect(await manifestRow(n)).toMatchObject({ networkStatus: 'REGISTERED', runningFunctions: [] });

    // The transporter reports 1.25 t: queued, not sent yet.
    const created = await t.as(TRANS).post('/trans/transport-reports', report(n));
    expect(created.statusCode, created.body).toBe(200);
    const reportId = created.json<TransportReport>().id;
    expect(created.json<TransportReport>()).toMatchObject({
      manifestStatus: 'TEMP_TRANSPORT',
      runningFunctions: ['0403'],
      jwnetPending: true,
    });

    // The discharger opens the manifest: the network knows nothing of the queued report.
    const detail = await t.as(DIS).get(`/manifests/${n}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<ManifestDetail>().fresh).toBe(true);
    expect(await manifestRow(n)).toMatchObject({ networkStatus: 'REGISTERED', runningFunctions: [] });
    // Both sides still see the report running.
    expect(detail.json<ManifestDetail>()).toMatchObject({
      status: 'TEMP_TRANSPORT',
      runningFunctions: ['0403'],
    });
    const list = await t.as(TRANS).get(`/trans/manifests?manifestNumber=${n}`);
    expect(list.json<{ rows: ManifestSummary[] }>().rows[0]).toMatchObject({ runningFunctions: ['0403'] });
    // The status filter finds it under the status it shows, not the one stored from the network.
    const byStatus = async (status: string) =>
      (await t.as(DIS).get(`/manifests?manifestNumber=${n}&status=${status}`)).json<{
        rows: ManifestSummary[];
      }>().rows.length;
    expect([await byStatus('TEMP_TRANSPORT'), await byStatus('REGISTERED')]).toEqual([1, 0]);
    expect(await readReport(reportId)).toMatchObject({ runningFunctions: ['0403'], jwnetPending: true });

    // The correction is refused: the queued report is a running function.
    const early = await t.as(TRANS).put(`/trans/transport-reports/${reportId}`, correction('2.50'));
    expect([early.statusCode, early.json().code]).toEqual([409, 'jwnet_function_running']);
    const cancel = await t.as(TRANS).post(`/trans/transport-reports/${reportId}/cancel`);
    expect([cancel.statusCode, cancel.json().code]).toEqual([409, 'jwnet_function_running']);

    // The network takes the report; the product and the network hold the same volume.
    await net.syncNetwork();
    const synced = await readReport(reportId);
    expect(synced).toMatchObject({ isSyncedJWNet: true, transportVolume: 1.25, runningFunctions: [] });
    expect((await t.app.jwnet.adapter.getManifest(n)).transportReport?.volume).toBe(1.25);
    expect((await requestsOf(n)).map((r) => [r.kind, r.state])).toEqual([
      ['REGISTER_MANIFEST', 'DONE'],
      ['REPORT_TRANSPORT_END', 'DONE'],
    ]);
    // Now a correction is possible, and goes to the discharger.
    const later = await t.as(TRANS).put(`/trans/transport-reports/${reportId}`, correction('2.50'));
    expect(later.json<ReportActionResponse>().outcome).toBe('AWAITING_APPROVAL');
  });

  it('takes no report while its own registration is unfinished, even when a read shows it registered', async () => {
    const n = await registerManifest();
    const early = await t.as(TRANS).post('/trans/transport-reports', report(n));
    expect([early.statusCode, early.json().fields]).toEqual([
      409,
      { manifestId: 'jwnet_registration_pending' },
    ]);
    await net.advance(DELAY);
    await net.sim.control.unavailable({ count: 1 });
    await t.app.jwnetWorker.runOnce();
    // The discharger's read stores the network's REGISTERED; the worker has not recorded the result yet.
    await t.as(DIS).get(`/manifests/${n}`);
    expect((await manifestRow(n)).networkStatus).toBe('REGISTERED');
    const meanwhile = await t.as(TRANS).post('/trans/transport-reports', report(n));
    expect(meanwhile.json().fields).toEqual({ manifestId: 'jwnet_registration_pending' });
    await net.advance(60_000);
    await t.app.jwnetWorker.runOnce();
    const created = await t.as(TRANS).post('/trans/transport-reports', report(n));
    expect(created.statusCode, created.body).toBe(200);
  });
});

describe('refusals: message codes and sending again', () => {
  it('shows a refused report by its code, sends it again on request, and it becomes synced', async () => {
    const n = await registerManifest();
    await net.syncNetwork();
    const created = (await t.as(TRANS).post('/trans/transport-reports', report(n))).json<TransportReport>();
    const sentence = 'a transport end can be reported only once registered';
    await net.sim.control.refuse({ count: 1, code: ERROR_CODES.STATE, message: sentence });
    await t.app.jwnetWorker.runOnce();

    const refused = await readReport(created.id);
    expect(refused).toMatchObject({
      isSyncedJWNet: false,
      jwnetRefusal: 'jwnet_refused_not_registered',
      jwnetPending: false,
      runningFunctions: [],
    });
    expect(JSON.stringify(refused)).not.toContain(sentence);
    const [, refusedRequest] = await requestsOf(n);
    expect(refusedRequest).toMatchObject({ state: 'REFUSED', refusalCode: 'E_STATE' });

    // Only the reporting transporter sends it again.
    expect((await t.as(DIS).post(`/transport-reports/${created.id}/resend`)).statusCode).toBe(404);
    expect((await t.as(DIS).post(`/trans/transport-reports/${created.id}/resend`)).statusCode).toBe(403);
    expect((await t.as(PLATFORM).post(`/trans/transport-reports/${created.id}/resend`)).statusCode).toBe(404);
    // Not outside the network's hours.
    await net.setTime(new Date('2031-06-10T19:30:00+09:00'));
    const closed = await t.as(TRANS).post(`/trans/transport-reports/${created.id}/resend`);
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'jwnet_outside_hours']);
    await net.setTime(new Date('2031-06-11T09:00:00+09:00'));

    const resent = await t.as(TRANS).post(`/trans/transport-reports/${created.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<ReportActionResponse>()).toMatchObject({
      outcome: 'UPDATED',
      report: {
        status: 'BLANK',
        transportVolume: 1.25,
        jwnetRefusal: null,
        jwnetPending: true,
        runningFunctions: ['0403'],
      },
    });
    // Once on its way, it cannot be sent twice.
    const twice = await t.as(TRANS).post(`/trans/transport-reports/${created.id}/resend`);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'invalid_status_transition']);

    await net.syncNetwork();
    const synced = await readReport(created.id);
    expect(synced).toMatchObject({ isSyncedJWNet: true, jwnetRefusal: null, jwnetPending: false });
    expect((await t.app.jwnet.adapter.getManifest(n)).transportReport).toMatchObject({
      volume: 1.25,
      transporter: '佐藤',
    });
    // A synced report is not sent again.
    const again = await t.as(TRANS).post(`/trans/transport-reports/${created.id}/resend`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invalid_status_transition']);
  });

  it('maps every refusal code of the network to a message code the screens have a text for', () => {
    for (const code of Object.values(ERROR_CODES))
      expect(isMessageCode(jwnetRefusalMessage(code, 'REPORT_TRANSPORT_END')), code).toBe(true);
    expect(jwnetRefusalMessage(ERROR_CODES.STATE, 'REPORT_TRANSPORT_END')).toBe(
      'jwnet_refused_not_registered',
    );
    expect(jwnetRefusalMessage(ERROR_CODES.STATE, 'CORRECT_REPORT')).toBe('jwnet_refused_state');
  });
});

describe('one clock: what the screens show is stamped by the business clock', () => {
  it('stamps manifests, reports and network work with app.now(), not the machine or the database', async () => {
    const machineYear = new Date().getUTCFullYear();
    expect(START.getUTCFullYear() - machineYear).toBeGreaterThan(2);
    const n = await registerManifest();
    expect((await manifestRow(n)).syncedAt?.toISOString()).toBe(net.now().toISOString());
    await net.syncNetwork();
    // Stored when the worker recorded the registration, by its (business) clock.
    const [registration] = await requestsOf(n);
    expect((await manifestRow(n)).syncedAt?.toISOString()).toBe(registration!.updatedAt.toISOString());
    expect(registration!.updatedAt.getTime()).toBeGreaterThan(START.getTime());

    const created = (await t.as(TRANS).post('/trans/transport-reports', report(n))).json<TransportReport>();
    expect(created.createdAt).toBe(net.now().toISOString());
    const row = (await t.db.query.transportReports.findFirst({
      where: eq(transportReports.id, created.id),
    }))!;
    expect(row.updatedAt.toISOString()).toBe(net.now().toISOString());
    const queuedAt = net.now().toISOString();
    const [, queued] = await requestsOf(n);
    expect([queued!.createdAt.toISOString(), queued!.updatedAt.toISOString()]).toEqual([queuedAt, queuedAt]);

    await net.syncNetwork();
    const synced = await readReport(created.id);
    const [, done] = await requestsOf(n);
    expect(synced.jwnetSyncedAt).toBe(done!.updatedAt.toISOString());
    expect(new Date(synced.jwnetSyncedAt!).getUTCFullYear()).toBe(START.getUTCFullYear());
    expect(Date.parse(synced.jwnetSyncedAt!)).toBeGreaterThan(Date.parse(queuedAt));

    // The discharger's read of the manifest stamps it with the business clock too.
    await net.advance(3_600_000);
    await t.as(DIS).get(`/manifests/${n}`);
    expect((await manifestRow(n)).syncedAt?.toISOString()).toBe(net.now().toISOString());
    // A correction and the discharger's approval stamp the report.
    await t.as(TRANS).put(`/trans/transport-reports/${created.id}`, correction('2.50'));
    await net.advance(60_000);
    const approved = await t.as(DIS).post(`/transport-reports/${created.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const after = (await t.db.query.transportReports.findFirst({
      where: eq(transportReports.id, created.id),
    }))!;
    expect(after.updatedAt.toISOString()).toBe(net.now().toISOString());
    expect(after.createdAt.toISOString()).toBe(created.createdAt);
  });
});
