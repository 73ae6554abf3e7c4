import { type RunningJwnetSimulator, startJwnetSimulator } from '@junkan/jwnet-simulator';
import { isJwnetServiceHours } from '@junkan/shared/rules/jwnet-service';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpJwnetAdapter } from './http-jwnet-adapter';
import { JwnetError, type ManifestRegistration, type TransportEndReport } from './jwnet-adapter';

const START = '2026-11-20T10:00:00+09:00';
const DELAY = 60_000;

const registration: ManifestRegistration = {
  deliveryDate: '2026-11-19',
  dischargerSubscriberNumber: '1234567',
  dischargerName: '株式会社グリーン商事',
  dischargeFacility: { name: '銀座事業所', address: '東京都中央区銀座1-1-1' },
  waste: { name: '廃プラスチック類', quantity: 1.5, unit: 't' },
  transporterName: '東都環境サービス株式会社',
};
const report: TransportEndReport = {
  transportEndDate: '2026-11-20',
  volume: 1.25,
  unit: 't',
  transporter: '東都環境',
};

let sim: RunningJwnetSimulator;
let jwnet: HttpJwnetAdapter;
let seq = 0;
const key = () => `adapter-${++seq}`;

/** The JwnetError a call fails with (fails the test when it does not fail). */
async function failure(call: Promise<unknown>): Promise<JwnetError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof JwnetError) return err;
    throw err;
  }
  throw new Error('expected a JwnetError');
}

async function registered(): Promise<string> {
  const { manifestNumber } = await jwnet.registerManifest(key(), registration);
  await sim.control.advanceClock(DELAY);
  return manifestNumber;
}

beforeAll(async () => {
  sim = await startJwnetSimulator({ delayMs: DELAY, clock: START });
  jwnet = new HttpJwnetAdapter(sim.url, { timeoutMs: 2_000 });
});
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

describe('HttpJwnetAdapter against the simulator', () => {
  it('registers, reports, corrects, answers, cancels and reads manifests and requests', async () => {
    expect(await jwnet.serviceStatus()).toEqual({
      available: true,
      inServiceHours: true,
      serviceStopDay: false,
    });

    const reg = await jwnet.registerManifest(key(), registration);
    expect(reg.manifestNumber).toMatch(/^\d{11}$/);
    expect(await jwnet.getRequest(reg.requestId)).toMatchObject({ state: 'PENDING', functionCode: '1000' });
    expect(await jwnet.getManifest(reg.manifestNumber)).toMatchObject({
      status: 'RESERVED',
      runningFunctions: ['1000'],
    });
    await sim.control.advanceClock(DELAY);
    expect(await jwnet.getRequest(reg.requestId)).toMatchObject({ state: 'DONE' });

    const n = reg.manifestNumber;
    await jwnet.reportTransportEnd(key(), n, report);
    await sim.control.advanceClock(DELAY);
    const corrected = { ...report, volume: 2 };
    await jwnet.correctReport(key(), n, corrected);
    const answer = await jwnet.answerCorrection(key(), n, true);
    expect((await jwnet.getManifest(n)).runningFunctions).toEqual(['0501', '0701']);
    await sim.control.advanceClock(DELAY);
    expect(await jwnet.getRequest(answer.requestId)).toMatchObject({ state: 'DONE', functionCode: '0701' });
    expect(await jwnet.getManifest(n)).toMatchObject({ status: 'TRANSPORT_END', transportReport: corrected });

    await jwnet.cancelReport(key(), n);
    await jwnet.answerCorrection(key(), n, false);
    await sim.control.advanceClock(DELAY);

    await sim.control.advanceManifest(n, 'DISPOSAL_END', '2026-11-21');
    await sim.control.advanceManifest(n, 'FINAL_DISPOSAL_END', '2026-11-22');
    const final = await jwnet.getManifest(n);
    expect(final).toMatchObject({
      status: 'FINAL_DISPOSAL_END',
      deliveryDate: '2026-11-19',
      transportEndDate: '2026-11-20',
      disposalEndDate: '2026-11-21',
      finalDisposalEndDate: '2026-11-22',
      dischargeFacility: registration.dischargeFacility,
      pendingChange: null,
    });
    expect(final.phases.final).toEqual({ done: true, date: '2026-11-22' });
  });

  it('answers the same key with the same answer', async () => {
    const first = await jwnet.registerManifest('same-key', registration);
    expect(await jwnet.registerManifest('same-key', registration)).toEqual(first);
  });

  it('OUTSIDE_HOURS before 07:00 Japan time, and the status says so', async () => {
    await sim.control.setClock('2026-11-20T06:59:00+09:00');
    const err = await failure(jwnet.registerManifest(key(), registration));
    expect(err).toMatchObject({ kind: 'OUTSIDE_HOURS', code: 'E_OUTSIDE_HOURS', isRetryable: true });
    expect(await jwnet.serviceStatus()).toEqual({
      available: true,
      inServiceHours: false,
      serviceStopDay: false,
    });
  });

  it('SERVICE_STOPPED on a stop day', async () => {
    await sim.control.setStopDays(['2026-11-20']);
    const err = await failure(jwnet.registerManifest(key(), registration));
    expect(err).toMatchObject({ kind: 'SERVICE_STOPPED', code: 'E_SERVICE_STOPPED' });
    expect((await jwnet.serviceStatus()).serviceStopDay).toBe(true);
  });

  it('REFUSED by a fault with its code, by the manifest state, and for a reused key', async () => {
    await sim.control.refuse({ count: 1, code: 'E9001' });
    expect(await failure(jwnet.registerManifest(key(), registration))).toMatchObject({
      kind: 'REFUSED',
      code: 'E9001',
      isRetryable: false,
    });

    const n = await registered();
    expect(await failure(jwnet.correctReport(key(), n, report))).toMatchObject({
      kind: 'REFUSED',
      code: 'E_STATE',
    });
    await jwnet.registerManifest('reused', registration);
    expect(
      await failure(jwnet.registerManifest('reused', { ...registration, dischargerName: '別' })),
    ).toMatchObject({
      kind: 'REFUSED',
      code: 'E_KEY_REUSED',
    });
  });

  it('shows a result refused when reflected', async () => {
    await sim.control.failResults({ count: 1, code: 'E9002', message: 'rejected' });
    const { requestId } = await jwnet.registerManifest(key(), registration);
    await sim.control.advanceClock(DELAY);
    expect(await jwnet.getRequest(requestId)).toMatchObject({
      state: 'REFUSED',
      code: 'E9002',
      message: 'rejected',
    });
  });

  it('NOT_FOUND for an unknown manifest or request', async () => {
    expect(await failure(jwnet.getManifest('99999999999'))).toMatchObject({
      kind: 'NOT_FOUND',
      code: 'E_NOT_FOUND',
    });
    expect(await failure(jwnet.getRequest('unknown'))).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await failure(jwnet.reportTransportEnd(key(), '99999999999', report))).toMatchObject({
      kind: 'NOT_FOUND',
    });
  });

  it('UNAVAILABLE on 503, and the status says unavailable', async () => {
    await sim.control.unavailable();
    expect(await failure(jwnet.registerManifest(key(), registration))).toMatchObject({
      kind: 'UNAVAILABLE',
      code: 'E_UNAVAILABLE',
      isRetryable: true,
    });
    const status = await jwnet.serviceStatus();
    expect(status.available).toBe(false);
  });

  it('UNAVAILABLE when nothing listens or the address is wrong', async () => {
    const gone = await startJwnetSimulator();
    await gone.close();
    const closed = new HttpJwnetAdapter(gone.url, { timeoutMs: 2_000 });
    expect(await failure(closed.getManifest('10000000001'))).toMatchObject({ kind: 'UNAVAILABLE' });
    expect(await closed.serviceStatus()).toMatchObject({ available: false, serviceStopDay: false });

    const wrongPath = new HttpJwnetAdapter(`${sim.url}/elsewhere`);
    expect(await failure(wrongPath.getManifest('10000000001'))).toMatchObject({ kind: 'UNAVAILABLE' });
  });

  it('TIMEOUT aborts the call; the work was done, so the retry with the same key gets its answer', async () => {
    await sim.control.timeout({ count: 1, holdMs: 3_000 });
    const impatient = new HttpJwnetAdapter(sim.url, { timeoutMs: 150 });
    const started = Date.now();
    const err = await failure(impatient.registerManifest('lost-answer', registration));
    expect(err).toMatchObject({ kind: 'TIMEOUT', isRetryable: true });
    expect(Date.now() - started).toBeLessThan(1_500);

    const retry = await impatient.registerManifest('lost-answer', registration);
    expect((await sim.control.settings()).manifests).toBe(1);
    expect((await jwnet.getManifest(retry.manifestNumber)).status).toBe('RESERVED');
  });

  it('guesses the hours by its clock when the network cannot answer in time', async () => {
    await sim.control.timeout({ holdMs: 3_000 });
    const night = new HttpJwnetAdapter(sim.url, {
      timeoutMs: 100,
      now: () => new Date('2026-11-20T22:00:00+09:00'),
    });
    expect(await night.serviceStatus()).toEqual({
      available: false,
      inServiceHours: false,
      serviceStopDay: false,
    });
    const day = new HttpJwnetAdapter(sim.url, {
      timeoutMs: 100,
      now: () => new Date('2026-11-20T09:00:00+09:00'),
    });
    expect(await day.serviceStatus()).toEqual({
      available: false,
      inServiceHours: true,
      serviceStopDay: false,
    });
  });
});

describe('isJwnetServiceHours', () => {
  it.each([
    ['2026-11-20T06:59:59+09:00', false],
    ['2026-11-20T07:00:00+09:00', true],
    ['2026-11-20T18:59:59+09:00', true],
    ['2026-11-20T19:00:00+09:00', false],
  ])('%s: %s', (instant, expected) => {
    expect(isJwnetServiceHours(new Date(instant))).toBe(expected);
  });
});
