import { type RunningJwnetSimulator, startJwnetSimulator } from '@junkan/jwnet-simulator';
import { nextJwnetOpening } from '@junkan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { companies, jwnetRequests, manifests } from '../../db/schema';
import { HttpJwnetAdapter } from '../../plugins/jwnet/http-jwnet-adapter';
import type { TransportEndReport } from '../../plugins/jwnet/jwnet-adapter';
import { enqueueJwnet, type JwnetOutcomeHandler, JwnetWorker } from './jwnet-queue';

const DELAY = 60_000;
let t: TestContext;
let sim: RunningJwnetSimulator;
let adapter: HttpJwnetAdapter;
/** Tomorrow in Japan (after the database's own clock, which stamps queued work) at `time`. */
const tomorrowAt = (time: string) => {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(
    new Date(Date.now() + 86_400_000),
  );
  return new Date(`${day}T${time}+09:00`);
};
/** The worker's clock, kept in step with the simulator's. */
let now = tomorrowAt('10:00:00');
const outcomes: { id: number; state: string; code?: string }[] = [];
const onOutcome: JwnetOutcomeHandler = async (_tx, request, outcome) => {
  outcomes.push({ id: request.id, state: outcome.state, code: outcome.code });
};
const log = { warn: () => {}, error: (o: object) => console.error('manifest worker', o) };
const worker = () => new JwnetWorker(t.db, adapter, { pollMs: 1_000, now: () => now, onOutcome, log });

async function advance(ms: number) {
  now = new Date(now.getTime() + ms);
  await sim.control.advanceClock(ms);
}

const report: TransportEndReport = {
  transportEndDate: '2026-11-20',
  volume: 1.5,
  unit: 't',
  transporter: '佐藤',
};

/** A manifest registered on the network by the discharger, and known to the product. */
async function manifest(): Promise<string> {
  const m = await sim.control.createManifest({
    deliveryDate: '2026-11-19',
    dischargerSubscriberNumber: '1234567',
    dischargerName: '株式会社グリーン商事',
    dischargeFacility: { name: '銀座店', address: '東京都中央区銀座1-1-1' },
    waste: { name: '廃プラスチック類', quantity: 1.5, unit: 't' },
    transporterName: '東都環境サービス株式会社',
  });
  const green = await t.db.query.companies.findFirst({ where: eq(companies.name, '株式会社グリーン商事') });
  await t.db.insert(manifests).values({ manifestNumber: m.manifestNumber, dischargerCompanyId: green!.id });
  return m.manifestNumber;
}

const queue = (manifestNumber: string) =>
  t.db.transaction((tx) =>
    enqueueJwnet(tx, { kind: 'REPORT_TRANSPORT_END', manifestNumber, report }, null, now),
  );
const stateOf = async (id: number) =>
  (await t.db.query.jwnetRequests.findFirst({ where: eq(jwnetRequests.id, id) }))!;

beforeAll(async () => {
  t = await createTestApp();
  sim = await startJwnetSimulator({ delayMs: DELAY, clock: now.toISOString() });
  adapter = new HttpJwnetAdapter(sim.url, { timeoutMs: 500, now: () => now });
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
beforeEach(async () => {
  await sim.control.reset();
  now = tomorrowAt('10:00:00');
  await sim.control.setClock(now.toISOString());
  await sim.control.setDelay(DELAY);
  outcomes.length = 0;
});

describe('the manifest-network queue', () => {
  it('sends queued work, follows it until reflected, and keeps the manifest state', async () => {
    const n = await manifest();
    const id = await queue(n);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'SENT', attempts: 1 });
    const sent = await t.db.query.manifests.findFirst({ where: eq(manifests.manifestNumber, n) });
    expect(sent?.syncedAt).toBeNull();
    await advance(DELAY);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'DONE' });
    expect(outcomes).toEqual([{ id, state: 'DONE', code: undefined }]);
    const kept = await t.db.query.manifests.findFirst({ where: eq(manifests.manifestNumber, n) });
    expect(kept).toMatchObject({
      networkStatus: 'TRANSPORT_END',
      transportEndDate: '2026-11-20',
      runningFunctions: [],
    });
  });

  it('loses nothing when the process stops between sending and the result', async () => {
    const n = await manifest();
    const id = await queue(n);
    // The first worker sends, then "the process stops": a new worker (as after a restart) polls from the table.
    await worker().runOnce();
    await advance(DELAY);
    const afterRestart = worker();
    expect(await afterRestart.runOnce()).toBe(1);
    expect(await stateOf(id)).toMatchObject({ state: 'DONE' });
  });

  it('retries when the network is down, times out or is closed, and sends only once', async () => {
    const n = await manifest();
    const id = await queue(n);
    await sim.control.unavailable({ count: 1 });
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'QUEUED', attempts: 1 });
    expect((await stateOf(id)).lastError).toContain('UNAVAILABLE');

    // A timeout: the network did the work but the answer was lost; the resend with the same key is harmless.
    await sim.control.timeout({ count: 1, holdMs: 2_000 });
    await advance(60_000);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'QUEUED', attempts: 2 });
    expect((await stateOf(id)).lastError).toContain('TIMEOUT');
    await advance(60_000);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'SENT' });
    await advance(DELAY);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'DONE' });
    expect((await adapter.getManifest(n)).status).toBe('TRANSPORT_END');
  });

  it('waits for 07:00 Japan time when the network is closed', async () => {
    now = tomorrowAt('19:30:00');
    await sim.control.setClock(now.toISOString());
    const id = await queue(await manifest());
    await worker().runOnce();
    const row = await stateOf(id);
    expect(row.state).toBe('QUEUED');
    expect(row.nextAttemptAt.getTime()).toBe(tomorrowAt('07:00:00').getTime() + 86_400_000);
    expect(nextJwnetOpening(new Date('2026-11-20T06:59:00+09:00')).toISOString()).toBe(
      '2026-11-19T22:00:00.000Z',
    );
  });

  it('records a refusal and tells the feature, without retrying', async () => {
    const id = await queue(await manifest());
    await sim.control.refuse({ count: 1, code: 'E_STATE', message: 'not in a reportable state' });
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'REFUSED' });
    expect(outcomes).toEqual([{ id, state: 'REFUSED', code: 'E_STATE' }]);
    await advance(DELAY);
    expect(await worker().runOnce()).toBe(0);
  });

  it('sends again when the network forgot a request (a restart of the network)', async () => {
    const n = await manifest();
    const id = await queue(n);
    await worker().runOnce();
    await t.db.update(jwnetRequests).set({ remoteRequestId: 'forgotten' }).where(eq(jwnetRequests.id, id));
    await advance(1_000);
    await worker().runOnce();
    const row = await stateOf(id);
    expect(row.state).toBe('SENT');
    expect(row.remoteRequestId).not.toBe('forgotten');
    expect(row.attempts).toBe(2);
    await advance(DELAY);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'DONE' });
  });
});
