import { nextJwnetOpening } from '@junkan/shared/rules/jwnet-service';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyId } from '../../../test/fixtures/demo-data';
import { type JwnetHarness, startJwnetHarness, tomorrowAt } from '../../../test/jwnet-harness';
import type { TestContext } from '../../../test/test-app';
import { jwnetRequests, manifests } from '../../db/schema';
import { HttpJwnetAdapter } from '../../plugins/jwnet/http-jwnet-adapter';
import type { TransportEndReport } from '../../plugins/jwnet/jwnet-adapter';
import { enqueueJwnet } from './jwnet-queue';
import { type JwnetOutcomeHandler, JwnetWorker } from './jwnet-worker';

const DELAY = 60_000;
let net: JwnetHarness;
let t: TestContext;
/** The queue's own adapter and workers, on the harness's clock (the app's worker is not used here). */
let adapter: HttpJwnetAdapter;
const outcomes: { id: number; state: string; code?: string }[] = [];
const onOutcome: JwnetOutcomeHandler = async (_tx, request, outcome) => {
  outcomes.push({ id: request.id, state: outcome.state, code: outcome.code });
};
const log = { warn: () => {}, error: (o: object) => console.error('manifest worker', o) };
const worker = () => new JwnetWorker(t.db, adapter, { pollMs: 1_000, now: net.now, onOutcome, log });

beforeAll(async () => {
  net = await startJwnetHarness({ start: tomorrowAt('10:00:00'), delayMs: DELAY });
  t = net.t;
  adapter = new HttpJwnetAdapter(net.sim.url, { timeoutMs: 500, now: net.now });
});
afterAll(() => net?.close());
beforeEach(async () => {
  await net.reset();
  outcomes.length = 0;
});

const report: TransportEndReport = {
  transportEndDate: '2026-11-20',
  volume: 1.5,
  unit: 't',
  transporter: '佐藤',
};

/** A manifest registered on the network by the discharger, and known to the product. */
const manifest = async () =>
  net.networkManifest(
    { dischargerCompanyId: await companyId(t.db, '株式会社グリーン商事') },
    { deliveryDate: '2026-11-19', dischargerSubscriberNumber: '1234567' },
  );

const queue = (manifestNumber: string) =>
  t.db.transaction((tx) =>
    enqueueJwnet(tx, { kind: 'REPORT_TRANSPORT_END', manifestNumber, report }, null, net.now()),
  );
const stateOf = async (id: number) =>
  (await t.db.query.jwnetRequests.findFirst({ where: eq(jwnetRequests.id, id) }))!;

describe('the manifest-network queue', () => {
  it('sends queued work, follows it until reflected, and keeps the manifest state', async () => {
    const n = await manifest();
    const id = await queue(n);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'SENT', attempts: 1 });
    const sent = await t.db.query.manifests.findFirst({ where: eq(manifests.manifestNumber, n) });
    expect(sent?.syncedAt).toBeNull();
    await net.advance(DELAY);
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
    await net.advance(DELAY);
    const afterRestart = worker();
    expect(await afterRestart.runOnce()).toBe(1);
    expect(await stateOf(id)).toMatchObject({ state: 'DONE' });
  });

  it('retries when the network is down, times out or is closed, and sends only once', async () => {
    const n = await manifest();
    const id = await queue(n);
    await net.sim.control.unavailable({ count: 1 });
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'QUEUED', attempts: 1 });
    expect((await stateOf(id)).lastError).toContain('UNAVAILABLE');

    // A timeout: the network did the work but the answer was lost; the resend with the same key is harmless.
    await net.sim.control.timeout({ count: 1, holdMs: 2_000 });
    await net.advance(60_000);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'QUEUED', attempts: 2 });
    expect((await stateOf(id)).lastError).toContain('TIMEOUT');
    await net.advance(60_000);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'SENT' });
    await net.advance(DELAY);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'DONE' });
    expect((await adapter.getManifest(n)).status).toBe('TRANSPORT_END');
  });

  it('waits for 07:00 Japan time when the network is closed', async () => {
    await net.setTime(tomorrowAt('19:30:00'));
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
    await net.sim.control.refuse({ count: 1, code: 'E_STATE', message: 'not in a reportable state' });
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'REFUSED' });
    expect(outcomes).toEqual([{ id, state: 'REFUSED', code: 'E_STATE' }]);
    await net.advance(DELAY);
    expect(await worker().runOnce()).toBe(0);
  });

  it('sends again when the network forgot a request (a restart of the network)', async () => {
    const n = await manifest();
    const id = await queue(n);
    await worker().runOnce();
    await t.db.update(jwnetRequests).set({ remoteRequestId: 'forgotten' }).where(eq(jwnetRequests.id, id));
    await net.advance(1_000);
    await worker().runOnce();
    const row = await stateOf(id);
    expect(row.state).toBe('SENT');
    expect(row.remoteRequestId).not.toBe('forgotten');
    expect(row.attempts).toBe(2);
    await net.advance(DELAY);
    await worker().runOnce();
    expect(await stateOf(id)).toMatchObject({ state: 'DONE' });
  });
});
