import { randomUUID } from 'node:crypto';
import type { ManifestDetail } from '@junkan/shared/api/manifests';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyId, DIS, demoProject, dischargeSiteId, unitId } from '../../../test/fixtures/demo-data';
import { type JwnetHarness, startJwnetHarness, tomorrowAt } from '../../../test/jwnet-harness';
import type { TestContext } from '../../../test/test-app';
import { jwnetRequests, manifestRegistrationClaims, manifests } from '../../db/schema';
import { networkKeyOf, REGISTRATION_CLAIM_LEASE_MS } from './registration-claims';

/**
 * One registration key under the network's faults (manifest-registration-key.test.ts: the key itself): whatever
 * fails on the way and however often the form is sent again, in parallel or after a claim's lease, the key ends as
 * one manifest on the network and one in the database, which the queue follows until reflected.
 */

let net: JwnetHarness;
let t: TestContext;
let f: { green: number; project: number; line: number; ginza: number; tonne: number };

beforeAll(async () => {
  net = await startJwnetHarness({ start: tomorrowAt('10:00:00'), delayMs: 1_000 });
  t = net.t;
  const project = await demoProject(t.db, '本社倉庫 廃プラスチック類 収集運搬');
  f = {
    green: await companyId(t.db, '株式会社グリーン商事'),
    project: project.id,
    line: project.line.id,
    ginza: await dischargeSiteId(t.db, '銀座店'),
    tonne: await unitId(t.db, 't'),
  };
});
afterAll(() => net?.close());
beforeEach(() => net.reset());

// The month's manifests of these tests stay within the contract's 2 t × 月3回 (manifest-agreement.test.ts).
const body = (over: Record<string, unknown> = {}) => ({
  projectId: f.project,
  wasteLineId: f.line,
  deliveryDate: net.today(),
  quantity: '0.10',
  unitId: f.tonne,
  dischargeSiteId: f.ginza,
  ...over,
});
const register = (over: Record<string, unknown> = {}) => t.as(DIS).post('/manifests', body(over));
const manifestCount = async () => (await t.db.select({ n: count() }).from(manifests))[0]!.n;
const issuedOnNetwork = async () => (await net.sim.control.settings()).manifests;
/** The network's registrations accepted since the last reset, by key (a repeat answered from its key is not one). */
const acceptedKeys = () =>
  new Set(
    net.sim.simulator
      .receivedWork()
      .filter((w) => w.op === 'register')
      .map((w) => w.key),
  );

/** A lost answer: the network registers the manifest, the call and its retry go unanswered (503 to the user). */
async function loseTheAnswer(registrationKey: string) {
  await net.sim.control.timeout({ count: 2, holdMs: 2_500 });
  const lost = await register({ registrationKey });
  expect(lost.statusCode).toBe(503);
  expect(lost.json().code).toBe('jwnet_unavailable');
  expect(await issuedOnNetwork()).toBe(1);
}

/** The manifest, once the queue followed its registration: reflected, its one request done. */
async function expectReflected(manifestNumber: string) {
  await net.syncNetwork();
  const [row] = await t.db.select().from(manifests).where(eq(manifests.manifestNumber, manifestNumber));
  expect(row).toMatchObject({ networkStatus: 'REGISTERED', runningFunctions: [] });
  const requests = await t.db
    .select({ kind: jwnetRequests.kind, state: jwnetRequests.state })
    .from(jwnetRequests)
    .where(eq(jwnetRequests.manifestNumber, manifestNumber));
  expect(requests).toEqual([{ kind: 'REGISTER_MANIFEST', state: 'DONE' }]);
  return row!;
}

describe('one registration key under the network faults', () => {
  it('registers once when the resend after a lost answer meets an outage, then goes through', async () => {
    const before = await manifestCount();
    const registrationKey = randomUUID();
    await loseTheAnswer(registrationKey);
    // The network is down when the form is sent again: it may still hold the number, so the key is kept.
    await net.sim.control.unavailable({ count: 1 });
    const down = await register({ registrationKey });
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('jwnet_unavailable');

    const resent = await register({ registrationKey });
    expect(resent.statusCode, resent.body).toBe(201);
    const number = resent.json<ManifestDetail>().manifestNumber;
    expect(await issuedOnNetwork()).toBe(1);
    expect(acceptedKeys()).toEqual(new Set([networkKeyOf(f.green, registrationKey, 0)]));
    expect(await manifestCount()).toBe(before + 1);
    await expectReflected(number);
    expect((await register({ registrationKey })).json().manifestNumber).toBe(number);
  });

  it('registers what was sent when the form is edited after a lost answer: the network holds that one', async () => {
    const before = await manifestCount();
    const registrationKey = randomUUID();
    await loseTheAnswer(registrationKey);
    const edited = await register({ registrationKey, quantity: '0.20' });
    expect(edited.statusCode, edited.body).toBe(201);
    const number = edited.json<ManifestDetail>().manifestNumber;
    expect(await issuedOnNetwork()).toBe(1);
    expect(await manifestCount()).toBe(before + 1);
    const row = await expectReflected(number);
    // The manifest as the network registered it, not as the resend said.
    expect(row.quantity).toBe('0.10');
    const onNetwork = await (await fetch(`${net.sim.url}/manifests/${number}`)).json();
    expect(onNetwork.registration.waste.quantity).toBe(0.1);
    const [claim] = await t.db
      .select()
      .from(manifestRegistrationClaims)
      .where(eq(manifestRegistrationClaims.registrationKey, registrationKey));
    expect(claim).toMatchObject({ state: 'DONE', manifestNumber: number, sentInput: null });
  });

  it('keeps nothing of a send the network turned away unread: the next one may be edited', async () => {
    for (const [turnAway, code] of [
      [() => net.setTime(tomorrowAt('19:30:00')), 'jwnet_outside_hours'],
      [() => net.sim.control.unavailable({ count: 1 }), 'jwnet_unavailable'],
    ] as const) {
      await net.reset();
      const registrationKey = randomUUID();
      await turnAway();
      const refused = await register({ registrationKey });
      expect(refused.json().code).toBe(code);
      await net.setTime(tomorrowAt('10:00:00'));
      const edited = await register({ registrationKey, quantity: '0.20' });
      expect(edited.statusCode, edited.body).toBe(201);
      expect((await expectReflected(edited.json().manifestNumber)).quantity).toBe('0.20');
      expect(await issuedOnNetwork()).toBe(1);
    }
  });

  it('answers parallel resends after a lost answer with one manifest, and so after a lease ran out', async () => {
    const before = await manifestCount();
    const registrationKey = randomUUID();
    await loseTheAnswer(registrationKey);
    // The network is slow (within the adapter's patience), so the resends meet.
    await net.sim.control.timeout({ count: 1, holdMs: 400 });
    const answers = await Promise.all([1, 2, 3, 4].map(() => register({ registrationKey })));
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length, answers.map((a) => a.body).join('\n')).toBeGreaterThanOrEqual(1);
    const number = created[0]!.json<ManifestDetail>().manifestNumber;
    for (const answer of answers)
      if (answer.statusCode === 201) expect(answer.json().manifestNumber).toBe(number);
      else expect(answer.json().code).toBe('manifest_registration_in_progress');
    await net.advance(REGISTRATION_CLAIM_LEASE_MS + 1_000);
    expect((await register({ registrationKey })).json().manifestNumber).toBe(number);
    expect(await issuedOnNetwork()).toBe(1);
    expect(await manifestCount()).toBe(before + 1);
    await expectReflected(number);
  });

  it('stores one manifest when a request outlives its lease and another takes the key over, both finishing', async () => {
    for (const firstHoldsMs of [800, 200]) {
      await net.reset();
      const before = await manifestCount();
      const registrationKey = randomUUID();
      // The first request's answer is held (the adapter waits 1 s); meanwhile the business clock passes its lease.
      await net.sim.control.timeout({ count: 1, holdMs: firstHoldsMs });
      const first = register({ registrationKey });
      // Once the network has the first request's call, its claim is made.
      while (acceptedKeys().size === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await net.advance(REGISTRATION_CLAIM_LEASE_MS + 1_000);
      // The taker's own answer comes after the first's when the first is quick.
      await net.sim.control.timeout({ count: 1, holdMs: 1_000 - firstHoldsMs });
      const [a, b] = await Promise.all([first, register({ registrationKey })]);
      const created = [a, b].filter((r) => r.statusCode === 201);
      expect(created.length, `${a.body}\n${b.body}`).toBeGreaterThanOrEqual(1);
      const number = created[0]!.json<ManifestDetail>().manifestNumber;
      for (const r of [a, b])
        if (r.statusCode === 201) expect(r.json().manifestNumber).toBe(number);
        else expect(r.json().code).toBe('manifest_registration_in_progress');
      expect(await issuedOnNetwork()).toBe(1);
      expect(await manifestCount()).toBe(before + 1);
      await expectReflected(number);
      expect((await register({ registrationKey })).json().manifestNumber).toBe(number);
    }
  });
});
