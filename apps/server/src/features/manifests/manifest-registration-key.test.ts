import { randomUUID } from 'node:crypto';
import { type ManifestDetail, manifestRegistrationSchema } from '@junkan/shared/api/manifests';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyId, DIS, DIS2, demoProject, dischargeSiteId, unitId } from '../../../test/fixtures/demo-data';
import { type JwnetHarness, startJwnetHarness, tomorrowAt } from '../../../test/jwnet-harness';
import type { TestContext } from '../../../test/test-app';
import { manifestRegistrationClaims, manifests } from '../../db/schema';
import {
  claimRegistration,
  completeRegistration,
  networkKeyOf,
  REGISTRATION_CLAIM_LEASE_MS,
  releaseRegistration,
} from './registration-claims';

/**
 * POST /manifests with the form's `registrationKey`: one form sent twice (in parallel, after a lost answer, after a
 * refusal) registers one manifest on the network, and the key is the discharger's own.
 */

let net: JwnetHarness;
let t: TestContext;
let f: { green: number; takahashi: number; project: number; line: number; ginza: number; tonne: number };

beforeAll(async () => {
  net = await startJwnetHarness({ start: tomorrowAt('10:00:00'), delayMs: 1_000 });
  t = net.t;
  const project = await demoProject(t.db, '本社倉庫 廃プラスチック類 収集運搬');
  f = {
    green: await companyId(t.db, '株式会社グリーン商事'),
    takahashi: await companyId(t.db, '髙橋工業株式会社'),
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
const register = (over: Record<string, unknown> = {}, user = DIS) =>
  t.as(user).post('/manifests', body(over));
const manifestCount = async () => (await t.db.select({ n: count() }).from(manifests))[0]!.n;
/** The keys of the registrations the network received since the last reset, repeats included. */
const registrationKeys = () =>
  net.sim.simulator
    .receivedWork()
    .filter((w) => w.op === 'register')
    .map((w) => w.key);
const issuedOnNetwork = async () => (await net.sim.control.settings()).manifests;
const storedTimes = async (manifestNumber: string) =>
  (await t.db.select().from(manifests).where(eq(manifests.manifestNumber, manifestNumber))).length;

describe('POST /manifests with a registration key', () => {
  it('registers one manifest for two parallel sends of the form, asking the network once', async () => {
    const before = await manifestCount();
    const registrationKey = randomUUID();
    // The network holds its answer a while (within the adapter's patience), so both requests meet.
    await net.sim.control.timeout({ count: 1, holdMs: 400 });
    const answers = await Promise.all([register({ registrationKey }), register({ registrationKey })]);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length, answers.map((a) => a.body).join('\n')).toBeGreaterThanOrEqual(1);
    const number = created[0]!.json<ManifestDetail>().manifestNumber;
    for (const answer of answers) {
      if (answer.statusCode === 201) expect(answer.json().manifestNumber).toBe(number);
      else {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().code).toBe('manifest_registration_in_progress');
      }
    }
    expect(registrationKeys()).toEqual([networkKeyOf(f.green, registrationKey, 0)]);
    expect(await manifestCount()).toBe(before + 1);
    expect(await storedTimes(number)).toBe(1);
  });

  it('answers the same manifest when the form is sent again after it was registered', async () => {
    const before = await manifestCount();
    const registrationKey = randomUUID();
    const first = await register({ registrationKey });
    expect(first.statusCode).toBe(201);
    const number = first.json<ManifestDetail>().manifestNumber;
    // A resend after a lost answer; even edited, the key names the manifest registered.
    for (const over of [{ registrationKey }, { registrationKey, quantity: '0.20' }]) {
      const again = await register(over);
      expect(again.statusCode).toBe(201);
      expect(again.json<ManifestDetail>()).toMatchObject({ manifestNumber: number, projectId: f.project });
    }
    // The key is not case-sensitive (one UUID however written).
    expect((await register({ registrationKey: registrationKey.toUpperCase() })).json().manifestNumber).toBe(
      number,
    );
    expect(registrationKeys()).toHaveLength(1);
    expect(await manifestCount()).toBe(before + 1);
  });

  it('registers on a resend after the network refused, with a network key of its own', async () => {
    const before = await manifestCount();
    const registrationKey = randomUUID();
    await net.sim.control.refuse({ count: 1, code: 'E_INVALID', message: 'bad registration' });
    const refused = await register({ registrationKey });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('jwnet_refused');
    expect(await manifestCount()).toBe(before);

    const resent = await register({ registrationKey });
    expect(resent.statusCode).toBe(201);
    // The refused key is never asked again: the network might answer it with its refusal.
    expect(registrationKeys()).toEqual([
      networkKeyOf(f.green, registrationKey, 0),
      networkKeyOf(f.green, registrationKey, 1),
    ]);
    expect(await manifestCount()).toBe(before + 1);
  });

  it('keeps the number the network issued when its answers were lost, and stores it on the resend', async () => {
    const before = await manifestCount();
    const registrationKey = randomUUID();
    // Both the call and its retry go unanswered (the adapter waits 1 s): the network issued a number nobody heard.
    await net.sim.control.timeout({ count: 2, holdMs: 2_500 });
    const lost = await register({ registrationKey });
    expect(lost.statusCode).toBe(503);
    expect(lost.json().code).toBe('jwnet_unavailable');
    expect(await issuedOnNetwork()).toBe(1);

    const resent = await register({ registrationKey });
    expect(resent.statusCode).toBe(201);
    // The same network key: the number issued then, not a second manifest.
    expect(await issuedOnNetwork()).toBe(1);
    expect(new Set(registrationKeys())).toEqual(new Set([networkKeyOf(f.green, registrationKey, 0)]));
    expect(await manifestCount()).toBe(before + 1);
  });

  it('takes over a registration left pending by a request that died, after the lease, and stores it once', async () => {
    // What the server sends the network for this form: read back from a manifest registered with it.
    const model = await register({ registrationKey: randomUUID() });
    const onNetwork = await fetch(`${net.sim.url}/manifests/${model.json().manifestNumber}`);
    const { registration } = await onNetwork.json();

    // A request claimed the key and got its number from the network, then died before storing it.
    const registrationKey = randomUUID();
    const { manifestNumber } = await t.app.jwnet.adapter.registerManifest(
      networkKeyOf(f.green, registrationKey, 0),
      registration,
    );
    await t.db.insert(manifestRegistrationClaims).values({
      dischargerCompanyId: f.green,
      registrationKey,
      state: 'PENDING',
      claimToken: randomUUID(),
      claimedAt: net.now(),
    });
    const issued = await issuedOnNetwork();
    const before = await manifestCount();

    // Within the lease it may still be at work.
    await net.advance(REGISTRATION_CLAIM_LEASE_MS - 1_000);
    const waiting = await register({ registrationKey });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().code).toBe('manifest_registration_in_progress');

    await net.advance(2_000);
    const taken = await register({ registrationKey });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json<ManifestDetail>().manifestNumber).toBe(manifestNumber);
    expect(await issuedOnNetwork()).toBe(issued);
    expect(await manifestCount()).toBe(before + 1);
    expect(await storedTimes(manifestNumber)).toBe(1);
    expect((await register({ registrationKey })).json().manifestNumber).toBe(manifestNumber);
  });

  it('lets a request that outlived its lease neither store nor release the registration taken over', async () => {
    const registrationKey = randomUUID();
    const input = manifestRegistrationSchema.parse(body({ registrationKey }));
    const late = await claimRegistration(t.db, f.green, registrationKey, input, net.now());
    const later = new Date(net.now().getTime() + REGISTRATION_CLAIM_LEASE_MS);
    const taker = await claimRegistration(t.db, f.green, registrationKey, input, later);
    expect(taker).toMatchObject({ networkKey: networkKeyOf(f.green, registrationKey, 0) });
    if (!('token' in late) || !('token' in taker)) throw new Error('both claim the key');
    await releaseRegistration(t.db, late, 'REFUSED', later);
    expect(await completeRegistration(t.db, late, '99999999991', later)).toBe(false);
    expect(await completeRegistration(t.db, taker, '99999999992', later)).toBe(true);
    expect(await claimRegistration(t.db, f.green, registrationKey, input, later)).toEqual({
      manifestNumber: '99999999992',
    });
  });

  it("keeps each discharger's keys its own, on the network too", async () => {
    const registrationKey = randomUUID();
    // 髙橋工業's registration with the same key is under way.
    await t.db.insert(manifestRegistrationClaims).values({
      dischargerCompanyId: f.takahashi,
      registrationKey,
      state: 'PENDING',
      claimToken: randomUUID(),
      claimedAt: net.now(),
    });
    const ours = await register({ registrationKey });
    expect(ours.statusCode).toBe(201);
    expect(registrationKeys()).toEqual([networkKeyOf(f.green, registrationKey, 0)]);
    expect(networkKeyOf(f.takahashi, registrationKey, 0)).not.toBe(networkKeyOf(f.green, registrationKey, 0));
    // グリーン商事's registered key does not answer 髙橋工業 with its manifest.
    const theirs = await register({ registrationKey }, DIS2);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().code).toBe('manifest_registration_in_progress');
  });

  it('refuses a key that is not a UUID on its field, and registers nothing', async () => {
    const before = await manifestCount();
    const cases: [unknown, string][] = [
      ['not-a-uuid', 'invalid_format'],
      ['', 'invalid_format'],
      [123, 'invalid_format'],
      [null, 'invalid_format'],
      [['3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f'], 'invalid_format'],
      [`3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f${'a'.repeat(10_000)}`, 'invalid_format'],
      ['3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6\u0000', 'invalid_characters'],
      ['3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6\ud800', 'invalid_characters'],
    ];
    for (const [registrationKey, code] of cases) {
      const res = await register({ registrationKey });
      expect(res.statusCode, JSON.stringify(registrationKey).slice(0, 60)).toBe(400);
      expect(res.json().fields, JSON.stringify(registrationKey).slice(0, 60)).toEqual({
        registrationKey: code,
      });
    }
    expect(await manifestCount()).toBe(before);
    expect(registrationKeys()).toEqual([]);
  });

  it('registers afresh each time without a key, as before, and keeps no claim', async () => {
    const before = await manifestCount();
    const claims = async () => (await t.db.select({ n: count() }).from(manifestRegistrationClaims))[0]!.n;
    const kept = await claims();
    const [a, b] = [await register(), await register()];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().manifestNumber).not.toBe(b.json().manifestNumber);
    expect(new Set(registrationKeys()).size).toBe(2);
    expect(await manifestCount()).toBe(before + 2);
    expect(await claims()).toBe(kept);
  });
});
