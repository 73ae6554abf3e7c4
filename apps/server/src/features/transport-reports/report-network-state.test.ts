import { ERROR_CODES, type RunningJwnetSimulator, startJwnetSimulator } from '@junkan/jwnet-simulator';
import {
  isMessageCode,
  jwnetRefusalMessage,
  type ManifestDetail,
  type ManifestSummary,
  type ReportActionResponse,
  type TransportReport,
} from '@junkan/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  dischargeSites,
  jwnetRequests,
  manifests,
  projects,
  projectWasteLines,
  transportReports,
  unitMeasures,
} from '../../db/schema';

/**
 * The report's legal record against the manifest network: the product's own queued work counts as running
 * whatever a read of the network says; refusals are message codes and a refused report is sent again; every
 * time the screens show comes from the business clock. The clock here is years away from the machine's.
 */

const DIS = 'discharger@example.com';
const TRANS = 'transporter@example.com';
const OTHER_TRANS = 'platform@example.com';
const DELAY = 1_000;
const START = new Date('2031-06-10T10:00:00+09:00');
let now = START;
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(now);

let t: TestContext;
let sim: RunningJwnetSimulator;
const tokens: Record<string, string> = {};
let f: { project: number; line: number; wasteId: number; discharger: number; site: number; tonne: number };

async function call(method: 'GET' | 'POST' | 'PUT', url: string, email: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: t.auth(tokens[email]!), payload });
}

async function advance(ms: number) {
  now = new Date(now.getTime() + ms);
  await sim.control.advanceClock(ms);
}

/** Sends what is queued and lets the network reflect it, until nothing is left to do. */
async function syncNetwork() {
  for (let i = 0; i < 4; i++) {
    await t.app.jwnetWorker.runOnce();
    await advance(DELAY + 1_000);
  }
  await t.app.jwnetWorker.runOnce();
}

/** The discharger registers a manifest for the demo industrial project (the network issues the number). */
async function registerManifest(): Promise<string> {
  const res = await call('POST', '/manifests', DIS, {
    projectId: f.project,
    wasteLineId: f.line,
    deliveryDate: today(),
    quantity: '1.25',
    unitId: f.tonne,
    dischargeSiteId: f.site,
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
  const res = await call('GET', `/trans/transport-reports/${id}`, TRANS);
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

beforeAll(async () => {
  sim = await startJwnetSimulator({ port: 0, delayMs: DELAY, clock: now.toISOString() });
  t = await createTestApp(
    { jwnet: { url: sim.url, timeoutMs: 1_000, worker: false, workerIntervalMs: 1_000, pollMs: 1_000 } },
    { now: () => now },
  );
  for (const email of [DIS, TRANS, OTHER_TRANS]) tokens[email] = await t.login(email);
  const project = (await t.db.query.projects.findFirst({
    where: eq(projects.title, '本社倉庫 廃プラスチック類 収集運搬'),
  }))!;
  const line = (await t.db.query.projectWasteLines.findFirst({
    where: eq(projectWasteLines.projectId, project.id),
  }))!;
  f = {
    project: project.id,
    line: line.id,
    wasteId: line.wasteId!,
    discharger: project.companyId,
    site: (await t.db.query.dischargeSites.findFirst({ where: eq(dischargeSites.name, '銀座店') }))!.id,
    tonne: (await t.db.query.unitMeasures.findFirst({ where: eq(unitMeasures.unit, 't') }))!.id,
  };
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(async () => {
  // Work a test left unfinished would meet the next test's faults first.
  await t.db
    .update(jwnetRequests)
    .set({ state: 'FAILED' })
    .where(inArray(jwnetRequests.state, ['QUEUED', 'SENT']));
  await sim.control.reset();
  now = START;
  await sim.control.setClock(now.toISOString());
  t.app.jwnet.forgetStatus();
});

describe('running functions: the product’s own unfinished work counts', () => {
  it('refuses a correction while the first transport report is queued, although a read of the network shows nothing running', async () => {
    const n = await registerManifest();
    // The worker's poll of the registration meets one 503 and backs off.
    await advance(DELAY);
    await sim.control.unavailable({ count: 1 });
    await t.app.jwnetWorker.runOnce();
    const [registration] = await requestsOf(n);
    expect(registration).toMatchObject({ kind: 'REGISTER_MANIFEST', state: 'SENT', attempts: 2 });
    expect(registration!.lastError).toContain('UNAVAILABLE');
    // Then the registration is reflected and recorded.
    await advance(60_000);
    await t.app.jwnetWorker.runOnce();
    expect(await manifestRow(n)).toMatchObject({ networkStatus: 'REGISTERED', runningFunctions: [] });

    // The transporter reports 1.25 t: queued, not sent yet.
    const created = await call('POST', '/trans/transport-reports', TRANS, report(n));
    expect(created.statusCode, created.body).toBe(200);
    const reportId = created.json<TransportReport>().id;
    expect(created.json<TransportReport>()).toMatchObject({
      manifestStatus: 'TEMP_TRANSPORT',
      runningFunctions: ['0403'],
      jwnetPending: true,
    });

    // The discharger opens the manifest: the network knows nothing of the queued report.
    const detail = await call('GET', `/manifests/${n}`, DIS);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<ManifestDetail>().fresh).toBe(true);
    expect(await manifestRow(n)).toMatchObject({ networkStatus: 'REGISTERED', runningFunctions: [] });
    // Both sides still see the report running.
    expect(detail.json<ManifestDetail>()).toMatchObject({
      status: 'TEMP_TRANSPORT',
      runningFunctions: ['0403'],
    });
    const list = await call('GET', `/trans/manifests?manifestNumber=${n}`, TRANS);
    expect(list.json<{ rows: ManifestSummary[] }>().rows[0]).toMatchObject({ runningFunctions: ['0403'] });
    // The status filter finds it under the status it shows, not the one stored from the network.
    const byStatus = async (status: string) =>
      (await call('GET', `/manifests?manifestNumber=${n}&status=${status}`, DIS)).json<{
        rows: ManifestSummary[];
      }>().rows.length;
    expect([await byStatus('TEMP_TRANSPORT'), await byStatus('REGISTERED')]).toEqual([1, 0]);
    expect(await readReport(reportId)).toMatchObject({ runningFunctions: ['0403'], jwnetPending: true });

    // The correction is refused: the queued report is a running function.
    const early = await call('PUT', `/trans/transport-reports/${reportId}`, TRANS, correction('2.50'));
    expect([early.statusCode, early.json().code]).toEqual([409, 'jwnet_function_running']);
    const cancel = await call('POST', `/trans/transport-reports/${reportId}/cancel`, TRANS);
    expect([cancel.statusCode, cancel.json().code]).toEqual([409, 'jwnet_function_running']);

    // The network takes the report; the product and the network hold the same volume.
    await syncNetwork();
    const synced = await readReport(reportId);
    expect(synced).toMatchObject({ isSyncedJWNet: true, transportVolume: 1.25, runningFunctions: [] });
    expect((await t.app.jwnet.adapter.getManifest(n)).transportReport?.volume).toBe(1.25);
    expect((await requestsOf(n)).map((r) => [r.kind, r.state])).toEqual([
      ['REGISTER_MANIFEST', 'DONE'],
      ['REPORT_TRANSPORT_END', 'DONE'],
    ]);
    // Now a correction is possible, and goes to the discharger.
    const later = await call('PUT', `/trans/transport-reports/${reportId}`, TRANS, correction('2.50'));
    expect(later.json<ReportActionResponse>().outcome).toBe('AWAITING_APPROVAL');
  });

  it('takes no report while its own registration is unfinished, even when a read shows it registered', async () => {
    const n = await registerManifest();
    const early = await call('POST', '/trans/transport-reports', TRANS, report(n));
    expect([early.statusCode, early.json().fields]).toEqual([
      409,
      { manifestId: 'jwnet_registration_pending' },
    ]);
    await advance(DELAY);
    await sim.control.unavailable({ count: 1 });
    await t.app.jwnetWorker.runOnce();
    // The discharger's read stores the network's REGISTERED; the worker has not recorded the result yet.
    await call('GET', `/manifests/${n}`, DIS);
    expect((await manifestRow(n)).networkStatus).toBe('REGISTERED');
    const meanwhile = await call('POST', '/trans/transport-reports', TRANS, report(n));
    expect(meanwhile.json().fields).toEqual({ manifestId: 'jwnet_registration_pending' });
    await advance(60_000);
    await t.app.jwnetWorker.runOnce();
    const created = await call('POST', '/trans/transport-reports', TRANS, report(n));
    expect(created.statusCode, created.body).toBe(200);
  });
});

describe('refusals: message codes and sending again', () => {
  it('shows a refused report by its code, sends it again on request, and it becomes synced', async () => {
    const n = await registerManifest();
    await syncNetwork();
    const created = (
      await call('POST', '/trans/transport-reports', TRANS, report(n))
    ).json<TransportReport>();
    const sentence = 'a transport end can be reported only once registered';
    await sim.control.refuse({ count: 1, code: ERROR_CODES.STATE, message: sentence });
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
    expect((await call('POST', `/transport-reports/${created.id}/resend`, DIS)).statusCode).toBe(404);
    expect((await call('POST', `/trans/transport-reports/${created.id}/resend`, DIS)).statusCode).toBe(403);
    expect(
      (await call('POST', `/trans/transport-reports/${created.id}/resend`, OTHER_TRANS)).statusCode,
    ).toBe(404);
    // Not outside the network's hours.
    now = new Date('2031-06-10T19:30:00+09:00');
    await sim.control.setClock(now.toISOString());
    t.app.jwnet.forgetStatus();
    const closed = await call('POST', `/trans/transport-reports/${created.id}/resend`, TRANS);
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'jwnet_outside_hours']);
    now = new Date('2031-06-11T09:00:00+09:00');
    await sim.control.setClock(now.toISOString());
    t.app.jwnet.forgetStatus();

    const resent = await call('POST', `/trans/transport-reports/${created.id}/resend`, TRANS);
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
    const twice = await call('POST', `/trans/transport-reports/${created.id}/resend`, TRANS);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'invalid_status_transition']);

    await syncNetwork();
    const synced = await readReport(created.id);
    expect(synced).toMatchObject({ isSyncedJWNet: true, jwnetRefusal: null, jwnetPending: false });
    expect((await t.app.jwnet.adapter.getManifest(n)).transportReport).toMatchObject({
      volume: 1.25,
      transporter: '佐藤',
    });
    // A synced report is not sent again.
    const again = await call('POST', `/trans/transport-reports/${created.id}/resend`, TRANS);
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
    expect((await manifestRow(n)).syncedAt?.toISOString()).toBe(now.toISOString());
    await syncNetwork();
    // Stored when the worker recorded the registration, by its (business) clock.
    const [registration] = await requestsOf(n);
    expect((await manifestRow(n)).syncedAt?.toISOString()).toBe(registration!.updatedAt.toISOString());
    expect(registration!.updatedAt.getTime()).toBeGreaterThan(START.getTime());

    const created = (
      await call('POST', '/trans/transport-reports', TRANS, report(n))
    ).json<TransportReport>();
    expect(created.createdAt).toBe(now.toISOString());
    const row = (await t.db.query.transportReports.findFirst({
      where: eq(transportReports.id, created.id),
    }))!;
    expect(row.updatedAt.toISOString()).toBe(now.toISOString());
    const queuedAt = now.toISOString();
    const [, queued] = await requestsOf(n);
    expect([queued!.createdAt.toISOString(), queued!.updatedAt.toISOString()]).toEqual([queuedAt, queuedAt]);

    await syncNetwork();
    const synced = await readReport(created.id);
    const [, done] = await requestsOf(n);
    expect(synced.jwnetSyncedAt).toBe(done!.updatedAt.toISOString());
    expect(new Date(synced.jwnetSyncedAt!).getUTCFullYear()).toBe(START.getUTCFullYear());
    expect(Date.parse(synced.jwnetSyncedAt!)).toBeGreaterThan(Date.parse(queuedAt));

    // The discharger's read of the manifest stamps it with the business clock too.
    await advance(3_600_000);
    await call('GET', `/manifests/${n}`, DIS);
    expect((await manifestRow(n)).syncedAt?.toISOString()).toBe(now.toISOString());
    // A correction and the discharger's approval stamp the report.
    await call('PUT', `/trans/transport-reports/${created.id}`, TRANS, correction('2.50'));
    await advance(60_000);
    const approved = await call('POST', `/transport-reports/${created.id}/approve`, DIS);
    expect(approved.statusCode, approved.body).toBe(200);
    const after = (await t.db.query.transportReports.findFirst({
      where: eq(transportReports.id, created.id),
    }))!;
    expect(after.updatedAt.toISOString()).toBe(now.toISOString());
    expect(after.createdAt.toISOString()).toBe(created.createdAt);
  });
});
