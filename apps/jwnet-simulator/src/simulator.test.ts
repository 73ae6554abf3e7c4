import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManifestRegistration, ManifestView, RequestView, TransportReport } from './model';
import { type RunningJwnetSimulator, startJwnetSimulator } from './start';

const START = '2026-11-20T10:00:00+09:00';
const DELAY = 60_000;

const registration: ManifestRegistration = {
  deliveryDate: '2026-11-19',
  dischargerSubscriberNumber: '1234567',
  dischargerName: '株式会社グリーン商事',
  dischargeFacility: { name: '銀座事業所', address: '東京都中央区銀座1-1-1' },
  waste: { name: '廃プラスチック類', code: '0600000', quantity: 1.5, unit: 't' },
  transporterName: '東都環境サービス株式会社',
};
const report: TransportReport = {
  transportEndDate: '2026-11-20',
  volume: 1.25,
  unit: 't',
  valuables: { volume: 0, unit: 't' },
  vehicleNumber: '品川 100 あ 12-34',
  reporter: '佐藤',
  transporter: '東都環境サービス',
  disposalMethod: '破砕',
};

let sim: RunningJwnetSimulator;
let keySeq = 0;

interface Answer<T> {
  status: number;
  body: T & { code?: string; message?: string };
}

async function call<T>(method: string, path: string, body?: unknown, key?: string): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key !== undefined) headers['idempotency-key'] = key;
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

const newKey = () => `key-${++keySeq}`;
const register = (key = newKey()) =>
  call<{ manifestNumber: string; requestId: string }>('POST', '/manifests', registration, key);
const work = (number: string, what: string, body: unknown = {}, key = newKey()) =>
  call<{ requestId: string }>('POST', `/manifests/${number}/${what}`, body, key);
const manifest = (number: string) => call<ManifestView>('GET', `/manifests/${number}`);
const request = (id: string) => call<RequestView>('GET', `/requests/${id}`);
const reflect = () => sim.control.advanceClock(DELAY);

/** A manifest registered and reflected. */
async function registered(): Promise<string> {
  const { body } = await register();
  await reflect();
  return body.manifestNumber;
}

/** A manifest whose transport end is reported and reflected. */
async function transportEnded(): Promise<string> {
  const number = await registered();
  await work(number, 'transport-end', report);
  await reflect();
  return number;
}

beforeAll(async () => {
  sim = await startJwnetSimulator({ delayMs: DELAY, clock: START, manifestNumberStart: 10_000_000_001 });
});
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

describe('service hours (Japan time)', () => {
  it.each([
    ['2026-11-20T06:59:00+09:00', 403],
    ['2026-11-20T07:00:00+09:00', 202],
    ['2026-11-20T18:59:00+09:00', 202],
    ['2026-11-20T19:00:00+09:00', 403],
  ])('at %s work answers %i', async (instant, expected) => {
    await sim.control.setClock(instant);
    const res = await register();
    expect(res.status).toBe(expected);
    if (expected === 403) expect(res.body.code).toBe('E_OUTSIDE_HOURS');
    const status = await call<{ inServiceHours: boolean }>('GET', '/status');
    expect(status.body.inServiceHours).toBe(expected === 202);
  });

  it('still answers reads outside the hours', async () => {
    const number = await registered();
    await sim.control.setClock('2026-11-20T23:00:00+09:00');
    expect((await manifest(number)).status).toBe(200);
  });
});

describe('service-stop days', () => {
  it('refuses work on a stop day with its own code, and accepts it the next day', async () => {
    await sim.control.setStopDays(['2026-11-20']);
    const refused = await register();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('E_SERVICE_STOPPED');
    expect((await call<{ serviceStopDay: boolean }>('GET', '/status')).body.serviceStopDay).toBe(true);

    await sim.control.setClock('2026-11-21T10:00:00+09:00');
    expect((await register()).status).toBe(202);
    expect((await call<{ serviceStopDay: boolean }>('GET', '/status')).body.serviceStopDay).toBe(false);
  });
});

describe('reflection after the delay', () => {
  it('shows the running function until the result is reflected', async () => {
    const { status, body } = await register();
    expect(status).toBe(202);
    expect(body.manifestNumber).toMatch(/^\d{11}$/);

    const pending = await manifest(body.manifestNumber);
    expect(pending.body).toMatchObject({ status: 'RESERVED', runningFunctions: ['1000'] });
    expect(pending.body.phases.reservation).toEqual({ done: false, date: null });
    expect((await request(body.requestId)).body).toMatchObject({ state: 'PENDING', reflectedAt: null });

    await sim.control.advanceClock(DELAY - 1);
    expect((await manifest(body.manifestNumber)).body.runningFunctions).toEqual(['1000']);

    await sim.control.advanceClock(1);
    const done = await manifest(body.manifestNumber);
    expect(done.body).toMatchObject({ status: 'REGISTERED', runningFunctions: [] });
    expect(done.body.phases.reservation).toEqual({ done: true, date: '2026-11-19' });
    expect((await request(body.requestId)).body).toMatchObject({
      state: 'DONE',
      functionCode: '1000',
      manifestNumber: body.manifestNumber,
      reflectedAt: new Date(new Date(START).getTime() + DELAY).toISOString(),
    });
  });

  it('applies a new delay to work not reflected yet', async () => {
    const { body } = await register();
    await sim.control.setDelay(0);
    expect((await manifest(body.manifestNumber)).body.status).toBe('REGISTERED');
  });

  it('runs on the machine clock when the fixed clock is removed', async () => {
    await sim.control.setClock(null);
    const { now, fixedClock } = await sim.control.settings();
    expect(fixedClock).toBeNull();
    expect(Math.abs(new Date(now).getTime() - Date.now())).toBeLessThan(5_000);
  });
});

describe('idempotency keys', () => {
  it('answers the same key with the same answer and does the work once', async () => {
    const first = await register('same');
    const again = await register('same');
    expect(again).toEqual(first);
    expect((await sim.control.settings()).manifests).toBe(1);
  });

  it('refuses a key reused for another request', async () => {
    await register('k');
    const res = await call('POST', '/manifests', { ...registration, dischargerName: '別会社' }, 'k');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('E_KEY_REUSED');
  });

  it('judges a refused request afresh when it is retried with its key', async () => {
    await sim.control.setClock('2026-11-20T06:00:00+09:00');
    expect((await register('retry')).status).toBe(403);
    await sim.control.setClock('2026-11-20T07:30:00+09:00');
    expect((await register('retry')).status).toBe(202);
  });

  it('requires a key', async () => {
    const res = await call('POST', '/manifests', registration);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('E_INVALID');
  });
});

describe('manifest lifecycle', () => {
  it('goes from reservation to final disposal end, with phases and dates', async () => {
    const number = await registered();

    const reported = await work(number, 'transport-end', report);
    expect(reported.status).toBe(202);
    expect((await manifest(number)).body).toMatchObject({
      status: 'TEMP_TRANSPORT',
      runningFunctions: ['0403'],
    });
    // 0403 blocks even while TEMP_TRANSPORT.
    expect((await work(number, 'correction', report)).body.code).toBe('E_RUNNING');
    await reflect();

    const ended = (await manifest(number)).body;
    expect(ended).toMatchObject({
      status: 'TRANSPORT_END',
      runningFunctions: [],
      deliveryDate: '2026-11-19',
      transportEndDate: '2026-11-20',
      disposalEndDate: null,
      dischargeFacility: registration.dischargeFacility,
      transportReport: report,
    });
    expect(ended.phases.transportation).toEqual({ done: true, date: '2026-11-20' });
    expect((await request(reported.body.requestId)).body.state).toBe('DONE');

    await sim.control.setClock('2026-11-22T10:00:00+09:00');
    const disposed = await sim.control.advanceManifest(number, 'DISPOSAL_END');
    expect(disposed).toMatchObject({ status: 'DISPOSAL_END', disposalEndDate: '2026-11-22' });
    expect(disposed.phases.processing).toEqual({ done: true, date: '2026-11-22' });
    expect((await work(number, 'correction', report)).body.code).toBe('E_STATE');

    const final = await sim.control.advanceManifest(number, 'FINAL_DISPOSAL_END', '2026-11-25');
    expect(final).toMatchObject({ status: 'FINAL_DISPOSAL_END', finalDisposalEndDate: '2026-11-25' });
    expect(Object.values(final.phases).every((p) => p.done)).toBe(true);
  });

  it('blocks a transport-end report while the registration runs', async () => {
    const { body } = await register();
    const res = await work(body.manifestNumber, 'transport-end', report);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('E_RUNNING');
  });

  it('lets the discharger answer a correction while it runs (TEMP_TRANSPORT), and applies it on approval', async () => {
    const number = await transportEnded();
    const corrected = { ...report, volume: 2, vehicleNumber: '品川 100 あ 56-78' };
    await work(number, 'correction', corrected);
    expect((await manifest(number)).body).toMatchObject({
      status: 'TEMP_TRANSPORT',
      runningFunctions: ['0501'],
      pendingChange: { kind: 'CORRECTION', reflected: false, answer: null },
    });

    const answer = await work(number, 'correction-answer', { approve: true });
    expect(answer.status).toBe(202);
    expect((await manifest(number)).body.runningFunctions).toEqual(['0501', '0701']);
    await reflect();

    const after = (await manifest(number)).body;
    expect(after).toMatchObject({ status: 'TRANSPORT_END', runningFunctions: [], pendingChange: null });
    expect(after.transportReport).toEqual(corrected);
    expect((await request(answer.body.requestId)).body).toMatchObject({
      state: 'DONE',
      functionCode: '0701',
    });
  });

  it('keeps the report when a correction is rejected', async () => {
    const number = await transportEnded();
    await work(number, 'correction', { ...report, volume: 9 });
    await reflect();
    expect((await manifest(number)).body.pendingChange).toMatchObject({ reflected: true, answer: null });
    await work(number, 'correction-answer', { approve: false });
    await reflect();
    expect((await manifest(number)).body).toMatchObject({ status: 'TRANSPORT_END', transportReport: report });
  });

  it('removes the transport end when a cancellation is approved, so it can be reported again', async () => {
    const number = await transportEnded();
    await work(number, 'cancellation');
    expect((await manifest(number)).body.runningFunctions).toEqual(['0601']);
    await work(number, 'correction-answer', { approve: true });
    await reflect();
    const after = (await manifest(number)).body;
    expect(after).toMatchObject({ status: 'REGISTERED', transportEndDate: null, transportReport: null });
    expect(after.phases.transportation.done).toBe(false);
    expect((await work(number, 'transport-end', report)).status).toBe(202);
  });

  it('refuses a second change in flight and an answer with nothing to answer', async () => {
    const number = await transportEnded();
    expect((await work(number, 'correction-answer', { approve: true })).body.code).toBe('E_STATE');
    await work(number, 'cancellation');
    expect((await work(number, 'correction', report)).body.code).toBe('E_STATE');
  });

  it('refuses a transport end before the delivery date or in the future', async () => {
    const number = await registered();
    expect(
      (await work(number, 'transport-end', { ...report, transportEndDate: '2026-11-18' })).body.code,
    ).toBe('E_DATE');
    expect(
      (await work(number, 'transport-end', { ...report, transportEndDate: '2026-11-21' })).body.code,
    ).toBe('E_DATE');
  });

  it('refuses invalid input', async () => {
    const number = await registered();
    const res = await work(number, 'transport-end', { ...report, volume: 0 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('E_INVALID');
    expect(
      (await call('POST', '/manifests', { ...registration, dischargerSubscriberNumber: '12' }, newKey()))
        .status,
    ).toBe(400);
  });

  it('answers 404 for unknown manifests and requests', async () => {
    expect((await manifest('99999999999')).body.code).toBe('E_NOT_FOUND');
    expect((await work('99999999999', 'transport-end', report)).status).toBe(404);
    expect((await request('nope')).status).toBe(404);
    expect((await call('GET', '/nowhere')).body.code).toBe('E_NO_ROUTE');
  });

  it('creates a manifest registered outside the product, at once', async () => {
    const m = await sim.control.createManifest(registration, report);
    expect(m).toMatchObject({
      status: 'TRANSPORT_END',
      runningFunctions: [],
      transportEndDate: '2026-11-20',
    });
    await expect(sim.control.advanceManifest(m.manifestNumber, 'FINAL_DISPOSAL_END')).rejects.toThrow(
      /E_STATE/,
    );
  });
});

describe('fault injection', () => {
  it('refuses the next N work requests with the given code, leaving reads alone', async () => {
    const number = await registered();
    await sim.control.refuse({ count: 2, code: 'E9001', message: 'maintenance' });
    expect((await manifest(number)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await register();
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: 'E9001', message: 'maintenance' });
    }
    expect((await register()).status).toBe(202);
  });

  it('refuses all work until the faults are cleared', async () => {
    await sim.control.refuse();
    for (let i = 0; i < 3; i++) expect((await register()).body.code).toBe('E_REFUSED');
    await sim.control.clearFaults();
    expect((await register()).status).toBe(202);
  });

  it('fails results when reflected, taking back what acceptance did', async () => {
    const number = await registered();
    await sim.control.failResults({ count: 2, code: 'E9002' });
    const reg = await register();
    const end = await work(number, 'transport-end', report);
    expect(reg.status).toBe(202);
    expect(end.status).toBe(202);
    await reflect();
    expect((await request(reg.body.requestId)).body).toMatchObject({ state: 'REFUSED', code: 'E9002' });
    expect((await request(end.body.requestId)).body).toMatchObject({ state: 'REFUSED', code: 'E9002' });
    expect((await manifest(reg.body.manifestNumber)).status).toBe(404);
    expect((await manifest(number)).body).toMatchObject({ status: 'REGISTERED', runningFunctions: [] });
  });

  it('refuses an answer whose correction failed', async () => {
    const number = await transportEnded();
    await sim.control.failResults({ count: 1 });
    await work(number, 'correction', { ...report, volume: 3 });
    const answer = await work(number, 'correction-answer', { approve: true });
    await reflect();
    expect((await request(answer.body.requestId)).body).toMatchObject({ state: 'REFUSED', code: 'E_STATE' });
    expect((await manifest(number)).body).toMatchObject({ status: 'TRANSPORT_END', transportReport: report });
  });

  it('is unavailable (503) for the next N requests, control still answering', async () => {
    await sim.control.unavailable({ count: 1 });
    const down = await call('GET', '/status');
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('E_UNAVAILABLE');
    expect((await call('GET', '/status')).status).toBe(200);

    await sim.control.unavailable();
    expect((await register()).status).toBe(503);
    expect((await sim.control.settings()).fault).toEqual({ kind: 'unavailable', remaining: null });
  });

  it('holds answers past the client timeout, having done the work, so a retry with the key gets it', async () => {
    await sim.control.timeout({ count: 1, holdMs: 400 });
    const lost = fetch(`${sim.url}/manifests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'slow' },
      body: JSON.stringify(registration),
      signal: AbortSignal.timeout(100),
    });
    await expect(lost).rejects.toThrow(/aborted|timeout/i);
    expect((await sim.control.settings()).manifests).toBe(1);
    const retry = await register('slow');
    expect(retry.status).toBe(202);
    expect((await manifest(retry.body.manifestNumber)).body.status).toBe('RESERVED');
  });

  it('releases held answers when the server closes', async () => {
    const other = await startJwnetSimulator({ clock: START });
    await other.control.timeout({ holdMs: 60_000 });
    const held = fetch(`${other.url}/status`).then((r) => r.status);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await other.close();
    expect(await held).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('resets to the start options', async () => {
    await register();
    await sim.control.setDelay(1);
    await sim.control.setStopDays(['2026-11-20']);
    await sim.control.unavailable();
    await sim.control.advanceClock(3_600_000);
    await sim.control.reset();
    expect(await sim.control.settings()).toMatchObject({
      fixedClock: new Date(START).toISOString(),
      delayMs: DELAY,
      stopDays: [],
      fault: null,
      manifests: 0,
      requests: 0,
    });
  });

  it('refuses an unknown control action', async () => {
    const res = await call('POST', '/__control', { action: 'explode' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('E_INVALID');
  });
});
