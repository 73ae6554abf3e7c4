import type { ManifestDetail, ManifestRegistrationOptions } from '@junkan/shared/api/manifests';
import { addMonths } from '@junkan/shared/contract-rules';
import type { ManifestDifference } from '@junkan/shared/rules/manifest-agreement';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  companyId,
  DIS,
  DIS2,
  demoProject,
  dischargeSiteId,
  unitId,
} from '../../../test/fixtures/demo-data';
import { type JwnetHarness, startJwnetHarness, tomorrowAt } from '../../../test/jwnet-harness';
import type { TestContext } from '../../../test/test-app';
import {
  auditLogs,
  companies,
  contracts,
  disposalSites,
  manifests,
  transportOperatorProfiles,
  users,
  wastes,
} from '../../db/schema';

/** Contract and manifest agree: differences refused until confirmed exactly, then kept with the manifest. */

let net: JwnetHarness;
let t: TestContext;
const today = () => net.today();

let f: {
  industrial: number;
  industrialLine: number;
  toto: number;
  platform: number;
  ginza: number;
  tonne: number;
  kg: number;
  pieces: number;
  contract: { startDate: string; endDate: string };
  shinkiba: number;
  kawasaki: number;
  expired: number;
  styrofoam: number;
  ironScrap: number;
  regularWaste: number;
  stranger: number;
  dischargerName: string;
};

const wasteId = async (name: string, category: 'INDUSTRIAL' | 'REGULAR' = 'INDUSTRIAL') =>
  (await t.db.query.wastes.findFirst({ where: and(eq(wastes.name, name), eq(wastes.category, category)) }))!
    .id;

const site = async (code: string, name: string, expireDate: string | null = null) =>
  (
    await t.db
      .insert(disposalSites)
      .values({ code, name, address1: '東京都江東区新木場1-2-3', expireDate })
      .returning({ id: disposalSites.id })
  )[0]!.id;

beforeAll(async () => {
  net = await startJwnetHarness({ start: tomorrowAt('10:00:00'), delayMs: 1_000 });
  t = net.t;
  const industrial = await demoProject(t.db, '本社倉庫 廃プラスチック類 収集運搬');
  const toto = await companyId(t.db, '東都環境サービス株式会社');
  const [contract] = await t.db.select().from(contracts).where(eq(contracts.projectId, industrial.id));
  const [stranger] = await t.db
    .insert(companies)
    .values({ type: 'TRANSPORT', name: '無関係運輸株式会社' })
    .returning({ id: companies.id });
  const shinkiba = await site('D9001', '新木場リサイクルセンター');
  // The contract's route: 東都 takes its loads to 新木場.
  await t.db
    .insert(transportOperatorProfiles)
    .values({ companyId: toto, destinationDisposalSiteId: shinkiba })
    .onConflictDoUpdate({
      target: transportOperatorProfiles.companyId,
      set: { destinationDisposalSiteId: shinkiba },
    });
  const discharger = await t.db.query.users.findFirst({ where: eq(users.email, DIS) });
  f = {
    industrial: industrial.id,
    industrialLine: industrial.line.id,
    toto,
    platform: await companyId(t.db, 'junkan収集運搬'),
    ginza: await dischargeSiteId(t.db, '銀座店'),
    tonne: await unitId(t.db, 't'),
    kg: await unitId(t.db, 'kg'),
    pieces: await unitId(t.db, '個'),
    contract: { startDate: contract!.startDate, endDate: contract!.endDate },
    shinkiba,
    kawasaki: await site('D9002', '川崎処理センター'),
    expired: await site('D9003', '期限切れ処分場', '2020-03-31'),
    styrofoam: await wasteId('発泡スチロール'),
    ironScrap: await wasteId('鉄スクラップ'),
    regularWaste: await wasteId('可燃ごみ', 'REGULAR'),
    stranger: stranger!.id,
    dischargerName: discharger!.userName,
  };
});
afterAll(() => net?.close());
beforeEach(() => net.reset());

const body = (over: Record<string, unknown> = {}) => ({
  projectId: f.industrial,
  wasteLineId: f.industrialLine,
  deliveryDate: today(),
  // Small enough that the month's manifests of these tests stay within the contract's 2 t × 月3回.
  quantity: '0.50',
  unitId: f.tonne,
  dischargeSiteId: f.ginza,
  ...over,
});
const manifestCount = async () => (await t.db.select({ n: count() }).from(manifests))[0]!.n;
const issuedOnNetwork = async () => (await net.sim.control.settings()).manifests;
const dayBefore = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const kindsOf = (differences: ManifestDifference[]) => differences.map((d) => d.kind);

describe('registration options', () => {
  it('carry each project’s contract, the waste kinds of its lines, the transporters and disposal sites', async () => {
    const res = await t.as(DIS).get('/manifests/registration-options');
    expect(res.statusCode).toBe(200);
    const options = res.json<ManifestRegistrationOptions>();
    const project = options.projects.find((p) => p.id === f.industrial)!;
    expect(project).toMatchObject({
      transportCompanyId: f.toto,
      contract: {
        ...f.contract,
        transporter: { id: f.toto, name: '東都環境サービス株式会社' },
        disposalSite: { id: f.shinkiba, name: '新木場リサイクルセンター' },
      },
    });
    expect(project.wasteLines).toEqual([
      {
        id: f.industrialLine,
        wasteName: '廃プラスチック類',
        wasteId: expect.any(Number),
        kind: { id: expect.any(Number), name: '廃プラスチック類' },
        // What the contract states of it: 2 t a collection, 月3回, priced per t.
        units: [{ id: f.tonne, unit: 't' }],
        perCollection: { value: 2, unit: { id: f.tonne, unit: 't' } },
        collectionsPerMonth: 3,
      },
    ]);
    // The transporters of the discharger's own projects only.
    expect(options.transporters.map((c) => c.id).sort()).toEqual([f.toto, f.platform].sort());
    expect(options.disposalSites).toEqual(
      expect.arrayContaining([
        { id: f.shinkiba, name: '新木場リサイクルセンター', licenseExpired: false },
        { id: f.expired, name: '期限切れ処分場', licenseExpired: true },
      ]),
    );
    const other = (
      await t.as(DIS2).get('/manifests/registration-options')
    ).json<ManifestRegistrationOptions>();
    expect(other.transporters.map((c) => c.id)).toEqual([f.toto]);
  });
});

describe('POST /manifests against the contract', () => {
  it('registers a manifest that agrees at once, naming the route’s disposal site', async () => {
    const res = await t.as(DIS).post('/manifests', body());
    expect(res.statusCode).toBe(201);
    const m = res.json<ManifestDetail>();
    expect(m).toMatchObject({
      transporterName: '東都環境サービス株式会社',
      disposalSiteName: '新木場リサイクルセンター',
      differenceConfirmation: null,
    });
    const onNetwork = await fetch(`${net.sim.url}/manifests/${m.manifestNumber}`);
    expect((await onNetwork.json()).registration).toMatchObject({
      transporterName: '東都環境サービス株式会社',
      disposerName: '新木場リサイクルセンター',
    });
    const [row] = await t.db.select().from(manifests).where(eq(manifests.manifestNumber, m.manifestNumber));
    expect(row).toMatchObject({
      disposalSiteId: f.shinkiba,
      confirmedDifferences: null,
      differencesConfirmedBy: null,
      differencesConfirmedAt: null,
    });
    // A minor class of the contracted kind is the same kind: no difference either.
    const styrofoam = await t
      .as(DIS)
      .post('/manifests', body({ wasteLineId: undefined, wasteId: f.styrofoam }));
    expect(styrofoam.statusCode).toBe(201);
    expect(styrofoam.json<ManifestDetail>()).toMatchObject({ wasteName: '発泡スチロール' });
  });

  it('refuses a delivery outside the contract period with the differences, writing nothing; registers once confirmed', async () => {
    const before = [await manifestCount(), await issuedOnNetwork()];
    const early = dayBefore(f.contract.startDate);
    const refused = await t.as(DIS).post('/manifests', body({ deliveryDate: early }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'manifest_contract_differences',
      details: {
        differences: [
          {
            kind: 'PERIOD',
            contractValues: [f.contract.startDate, f.contract.endDate],
            manifestValue: early,
          },
        ],
      },
    });
    expect([await manifestCount(), await issuedOnNetwork()]).toEqual(before);

    const confirmed = await t
      .as(DIS)
      .post('/manifests', body({ deliveryDate: early, confirmedDifferences: ['PERIOD'] }));
    expect(confirmed.statusCode).toBe(201);
    const m = confirmed.json<ManifestDetail>();
    expect(m.deliveryDate).toBe(early);
    expect(m.differenceConfirmation).toEqual({
      differences: refused.json().details.differences,
      confirmedBy: f.dischargerName,
      confirmedAt: net.now().toISOString(),
    });
    const [row] = await t.db.select().from(manifests).where(eq(manifests.manifestNumber, m.manifestNumber));
    const discharger = await t.db.query.users.findFirst({ where: eq(users.email, DIS) });
    expect(row!.differencesConfirmedBy).toBe(discharger!.id);
    expect(row!.differencesConfirmedAt?.toISOString()).toBe(net.now().toISOString());
    const audit = await t.db.query.auditLogs.findFirst({
      where: and(eq(auditLogs.action, 'manifest.register'), eq(auditLogs.entityId, m.manifestNumber)),
    });
    expect(audit).toMatchObject({ userId: discharger!.id });
    expect(audit!.detail).toMatchObject({ confirmedDifferences: refused.json().details.differences });
    // Both parties see the confirmation on the detail.
    const detail = (await t.as(DIS).get(`/manifests/${m.manifestNumber}`)).json<ManifestDetail>();
    expect(detail.differenceConfirmation?.confirmedBy).toBe(f.dischargerName);
    const carried = await t.as('transporter@example.com').get(`/trans/manifests/${m.manifestNumber}`);
    expect(carried.json<ManifestDetail>().differenceConfirmation?.differences).toHaveLength(1);
  });

  it('lists every difference with both sides, and refuses a partial or stale confirmation', async () => {
    const all = body({
      deliveryDate: dayBefore(f.contract.startDate),
      wasteLineId: undefined,
      wasteId: f.ironScrap,
      transportCompanyId: f.platform,
      disposalSiteId: f.kawasaki,
    });
    const refused = await t.as(DIS).post('/manifests', all);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.differences).toEqual([
      {
        kind: 'PERIOD',
        contractValues: [f.contract.startDate, f.contract.endDate],
        manifestValue: dayBefore(f.contract.startDate),
      },
      { kind: 'WASTE_KIND', contractValues: ['廃プラスチック類'], manifestValue: '鉄スクラップ' },
      { kind: 'TRANSPORTER', contractValues: ['東都環境サービス株式会社'], manifestValue: 'junkan収集運搬' },
      {
        kind: 'DISPOSAL_SITE',
        contractValues: ['新木場リサイクルセンター'],
        manifestValue: '川崎処理センター',
      },
    ]);
    const before = [await manifestCount(), await issuedOnNetwork()];
    for (const stale of [[], ['PERIOD'], ['PERIOD', 'WASTE_KIND', 'TRANSPORTER'], ['NO_CONTRACT']]) {
      const res = await t.as(DIS).post('/manifests', { ...all, confirmedDifferences: stale });
      expect(res.statusCode, JSON.stringify(stale)).toBe(409);
      expect(res.json().code).toBe('manifest_contract_differences');
    }
    // A confirmation given for the form as it was (another transporter) does not pass for the form as it is.
    const changed = await t.as(DIS).post(
      '/manifests',
      body({
        deliveryDate: dayBefore(f.contract.startDate),
        confirmedDifferences: ['PERIOD', 'TRANSPORTER'],
      }),
    );
    expect(changed.statusCode).toBe(409);
    expect(kindsOf(changed.json().details.differences)).toEqual(['PERIOD']);
    expect([await manifestCount(), await issuedOnNetwork()]).toEqual(before);

    const ok = await t.as(DIS).post('/manifests', {
      ...all,
      confirmedDifferences: ['DISPOSAL_SITE', 'TRANSPORTER', 'WASTE_KIND', 'PERIOD'],
    });
    expect(ok.statusCode).toBe(201);
    const m = ok.json<ManifestDetail>();
    expect(m).toMatchObject({
      transporterName: 'junkan収集運搬',
      wasteName: '鉄スクラップ',
      disposalSiteName: '川崎処理センター',
    });
    expect(kindsOf(m.differenceConfirmation!.differences)).toEqual([
      'PERIOD',
      'WASTE_KIND',
      'TRANSPORTER',
      'DISPOSAL_SITE',
    ]);
    const onNetwork = await fetch(`${net.sim.url}/manifests/${m.manifestNumber}`);
    expect((await onNetwork.json()).registration).toMatchObject({
      transporterName: 'junkan収集運搬',
      disposerName: '川崎処理センター',
      waste: { name: '鉄スクラップ' },
    });
  });

  it('treats no disposal site where the route has one as a difference', async () => {
    const refused = await t.as(DIS).post('/manifests', body({ disposalSiteId: null }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.differences).toEqual([
      { kind: 'DISPOSAL_SITE', contractValues: ['新木場リサイクルセンター'], manifestValue: null },
    ]);
  });

  it('asks to confirm NO_CONTRACT for a project without a contract in force', async () => {
    await t.db.update(contracts).set({ status: 'ENDED' }).where(eq(contracts.projectId, f.industrial));
    try {
      const refused = await t.as(DIS).post('/manifests', body());
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details.differences).toEqual([
        { kind: 'NO_CONTRACT', contractValues: [], manifestValue: null },
      ]);
      const options = (
        await t.as(DIS).get('/manifests/registration-options')
      ).json<ManifestRegistrationOptions>();
      expect(options.projects.find((p) => p.id === f.industrial)?.contract).toBeNull();
      const ok = await t.as(DIS).post('/manifests', body({ confirmedDifferences: ['NO_CONTRACT'] }));
      expect(ok.statusCode).toBe(201);
      // Without a contract the transporter's destination is still the route's disposal site.
      expect(ok.json<ManifestDetail>().disposalSiteName).toBe('新木場リサイクルセンター');
    } finally {
      await t.db.update(contracts).set({ status: 'APPROVED' }).where(eq(contracts.projectId, f.industrial));
    }
  });

  it('refuses bad choices field by field before comparing', async () => {
    const before = await manifestCount();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ transportCompanyId: f.stranger }, { transportCompanyId: 'invalid_format' }],
      [{ disposalSiteId: 999_999 }, { disposalSiteId: 'invalid_format' }],
      [{ disposalSiteId: f.expired }, { disposalSiteId: 'disposal_site_license_expired' }],
      [{ wasteLineId: undefined, wasteId: f.regularWaste }, { wasteId: 'invalid_format' }],
      [{ wasteLineId: undefined, wasteId: 999_999 }, { wasteId: 'invalid_format' }],
      [{ wasteLineId: undefined }, { wasteLineId: 'MSG_00_21' }],
      [{ wasteId: f.styrofoam }, { wasteLineId: 'invalid_format' }],
      [{ confirmedDifferences: ['SOMETHING'] }, { 'confirmedDifferences.0': 'invalid_format' }],
    ];
    for (const [over, fields] of cases) {
      const res = await t
        .as(DIS)
        .post('/manifests', body({ deliveryDate: dayBefore(f.contract.startDate), ...over }));
      // An expired license is a conflict with the master (409), like everywhere a site is chosen.
      expect(res.statusCode, JSON.stringify(over)).toBe(over.disposalSiteId === f.expired ? 409 : 400);
      expect(res.json().fields, JSON.stringify(over)).toEqual(fields);
    }
    expect(await manifestCount()).toBe(before);
  });

  it("answers 404 for another company's project, confirmed or not", async () => {
    for (const confirmedDifferences of [undefined, ['PERIOD']]) {
      const res = await t
        .as(DIS2)
        .post('/manifests', body({ deliveryDate: dayBefore(f.contract.startDate), confirmedDifferences }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'project_not_found', message: 'Project not found' });
    }
  });

  it('keeps a disposal site a manifest names from being deleted', async () => {
    const res = await t
      .as(DIS)
      .post('/manifests', body({ disposalSiteId: f.kawasaki, confirmedDifferences: ['DISPOSAL_SITE'] }));
    expect(res.statusCode).toBe(201);
    const refused = await t.as(ADMIN).delete(`/disposal-site-master/${f.kawasaki}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'in_use_cannot_delete', params: { usedBy: 'manifests' } });
  });
});

describe('POST /manifests against the contract’s quantity (種類及び数量)', () => {
  // Months of the contract no other test delivers in: its first and second (the contract runs for months).
  const firstMonth = () => f.contract.startDate;
  const secondMonth = () => addMonths(f.contract.startDate, 1);
  const rowOf = async (manifestNumber: string) =>
    (await t.db.select().from(manifests).where(eq(manifests.manifestNumber, manifestNumber)))[0]!;

  it('refuses a unit the contract does not state and more than a collection’s quantity, until confirmed', async () => {
    const before = [await manifestCount(), await issuedOnNetwork()];
    const pieces = await t
      .as(DIS)
      .post('/manifests', body({ deliveryDate: firstMonth(), quantity: '3', unitId: f.pieces }));
    expect(pieces.statusCode).toBe(409);
    expect(pieces.json().details.differences).toEqual([
      { kind: 'UNIT', contractValues: ['t'], manifestValue: '個' },
    ]);
    const tooMuch = await t.as(DIS).post('/manifests', body({ deliveryDate: firstMonth(), quantity: '200' }));
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().details.differences).toEqual([
      { kind: 'QUANTITY_PER_COLLECTION', contractValues: ['2 t'], manifestValue: '200 t' },
      { kind: 'QUANTITY_PER_MONTH', contractValues: ['6 t'], manifestValue: '200 t' },
    ]);
    expect([await manifestCount(), await issuedOnNetwork()]).toEqual(before);

    // 2,000 kg is the contract's 2 t: no difference.
    const inKg = await t
      .as(DIS)
      .post('/manifests', body({ deliveryDate: firstMonth(), quantity: '2000', unitId: f.kg }));
    expect(inKg.statusCode, inKg.body).toBe(201);
    expect(await rowOf(inKg.json<ManifestDetail>().manifestNumber)).toMatchObject({
      wasteLineId: f.industrialLine,
      quantity: '2000.00',
      unitMeasureId: f.kg,
    });

    const confirmed = await t.as(DIS).post(
      '/manifests',
      body({
        deliveryDate: firstMonth(),
        quantity: '3',
        unitId: f.pieces,
        confirmedDifferences: ['UNIT'],
      }),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const m = confirmed.json<ManifestDetail>();
    expect(m.differenceConfirmation).toMatchObject({
      differences: pieces.json().details.differences,
      confirmedBy: f.dischargerName,
    });
    const onNetwork = await fetch(`${net.sim.url}/manifests/${m.manifestNumber}`);
    expect((await onNetwork.json()).registration.waste).toMatchObject({ quantity: 3, unit: '個' });
  });

  it('adds the month’s manifests of the line, a finer class of its kind included, to compare with 月3回', async () => {
    const month = secondMonth();
    const within = [
      body({ deliveryDate: month, quantity: '2' }),
      body({ deliveryDate: month, quantity: '2', wasteLineId: undefined, wasteId: f.styrofoam }),
      body({ deliveryDate: `${month.slice(0, 8)}15`, quantity: '1500', unitId: f.kg }),
    ];
    for (const request of within) {
      const res = await t.as(DIS).post('/manifests', request);
      expect(res.statusCode, res.body).toBe(201);
    }
    // A manifest of another kind is not counted against the line.
    const iron = await t
      .as(DIS)
      .post(
        '/manifests',
        body({ deliveryDate: month, quantity: '2', wasteLineId: undefined, wasteId: f.ironScrap }),
      );
    expect(iron.json().details.differences.map((d: ManifestDifference) => d.kind)).toEqual(['WASTE_KIND']);

    const fourth = body({ deliveryDate: month, quantity: '1' });
    const refused = await t.as(DIS).post('/manifests', fourth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.differences).toEqual([
      { kind: 'QUANTITY_PER_MONTH', contractValues: ['6 t'], manifestValue: '6.5 t' },
    ]);
    // The next month starts again.
    const nextMonth = await t.as(DIS).post('/manifests', body({ deliveryDate: addMonths(month, 1) }));
    expect(nextMonth.json<ManifestDetail>().differenceConfirmation ?? null).toBeNull();

    const ok = await t
      .as(DIS)
      .post('/manifests', { ...fourth, confirmedDifferences: ['QUANTITY_PER_MONTH'] });
    expect(ok.statusCode, ok.body).toBe(201);
    const detail = (
      await t.as(DIS).get(`/manifests/${ok.json<ManifestDetail>().manifestNumber}`)
    ).json<ManifestDetail>();
    expect(detail.differenceConfirmation?.differences).toEqual(refused.json().details.differences);
  });
});
