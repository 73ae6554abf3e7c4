import type { ProjectListItem } from '@junkan/shared/api/home';
import type { PermitCoverageGapAnswer } from '@junkan/shared/api/permit-coverage';
import { addDays, nextDay } from '@junkan/shared/contract-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertServedArea } from '../../../test/fixtures/collection-areas';
import { companyId, DIS, DIS2, PLATFORM, TRANS, unitId } from '../../../test/fixtures/demo-data';
import { insertPermits, setDestination } from '../../../test/fixtures/permits';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  contractCoverageAlerts,
  contracts,
  contractUnitPrices,
  dischargeSites,
  mailOutbox,
  permits,
  projectDischargeSites,
  projects,
  projectWasteLines,
  quotes,
  wastes,
} from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { runContractCoverage } from '../contracts/contract-coverage';

/**
 * Issue 15: the permit coverage rule applied to open industrial requests (list, detail, quoting), to sending a
 * contract, and daily to contracts in force. 東都 (TRANS) holds a 東京都 permit for 廃プラスチック類 that lapses
 * in 400 days and delivers to a disposal site in 東京都; junkan収集運搬 (PLATFORM) serves the same area with no
 * permit and no disposal site.
 */
let t: TestContext;
let f: {
  greenId: number;
  totoId: number;
  platformId: number;
  ginza: number;
  plastics: number;
  oil: number;
  unit: number;
  totoPermit: number;
  totoLicense: string;
  permitExpiry: string;
};
const today = () => tokyoDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  const greenId = await companyId(t.db, '株式会社グリーン商事');
  const totoId = await companyId(t.db, '東都環境サービス株式会社');
  const platformId = await companyId(t.db, 'junkan収集運搬');
  const major = async (name: string) =>
    (await t.db.query.wastes.findFirst({
      where: and(eq(wastes.category, 'INDUSTRIAL'), eq(wastes.level, 1), eq(wastes.name, name)),
    }))!.id;
  const ginza = (await t.db.query.dischargeSites.findFirst({ where: eq(dischargeSites.name, '銀座店') }))!.id;
  const plastics = await major('廃プラスチック類');
  const permitExpiry = addDays(today(), 400);
  const [totoPermit] = await insertPermits(t.db, totoId, {
    districts: ['13'],
    wasteKindIds: [plastics],
    expiryDate: permitExpiry,
  });
  await setDestination(t.db, totoId, '東京都');
  for (const transportCompanyId of [totoId, platformId])
    await insertServedArea(t.db, {
      transportCompanyId,
      type: 'INDUSTRIAL',
      areaName: '銀座 産廃',
      posCode: '1040061',
    });
  const permit = await t.db.query.permits.findFirst({ where: eq(permits.id, totoPermit!) });
  f = {
    greenId,
    totoId,
    platformId,
    ginza,
    plastics,
    oil: await major('廃油'),
    unit: await unitId(t.db, 't'),
    totoPermit: totoPermit!,
    totoLicense: permit!.licenseNumber,
    permitExpiry,
  };
});
afterAll(() => t.close());

/** An industrial request of グリーン商事 at 銀座店 (東京都) for one waste, sent to the area's transporters. */
async function openIndustrialRequest(wasteId = f.plastics, title = '産廃 見積依頼') {
  const created = await t.as(DIS).post('/projects', {
    type: 'INDUSTRIAL',
    projectTitle: title,
    dischargeSiteIds: [f.ginza],
    lines: [{ wasteId, quantity: '2', unitMeasureId: f.unit, frequency: 'MONTHLY', frequencyNumber: 1 }],
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as number;
  expect((await t.as(DIS).post(`/projects/${id}/request-quote`)).statusCode).toBe(200);
  return { id, lineIds: (created.json().pwasteIndustries as { id: number }[]).map((l) => l.id) };
}

const quote = (who: string, p: { id: number; lineIds: number[] }) =>
  t.as(who).post(`/trans/projects/${p.id}/quotes`, {
    lines: p.lineIds.map((wasteLineId) => ({ wasteLineId, unitPrice: 30000, quantity: '2' })),
  });

const listed = async (who: string, id: number) =>
  ((await t.as(who).get('/trans/projects?size=100')).json().items as ProjectListItem[]).find(
    (r) => r.id === id,
  );

const gap = (
  district: string | null,
  reason: PermitCoverageGapAnswer['reason'],
  wasteKind: { id: number; name: string } | null = null,
) => ({ district, wasteKind, reason });

describe('open industrial requests', () => {
  it('are covered for a transporter whose permits cover them, which may quote', async () => {
    const p = await openIndustrialRequest();
    const expected = { covered: true, missing: [], periodFrom: today(), periodTo: today() };
    expect((await listed(TRANS, p.id))?.permitCoverage).toEqual(expected);
    expect((await t.as(TRANS).get(`/projects/${p.id}`)).json().permitCoverage).toEqual(expected);
    const res = await quote(TRANS, p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().projectStatus).toBe('COMPLETE_QUOTE');
    // The discharger now sees whether its transporter's permits cover the project; nobody else sees it.
    expect((await t.as(DIS).get(`/projects/${p.id}`)).json().permitCoverage).toEqual(expected);
    expect((await t.as(DIS2).get(`/projects/${p.id}`)).statusCode).toBe(404);
    expect((await t.as(PLATFORM).get(`/projects/${p.id}`)).statusCode).toBe(404);
  });

  it('are shown, marked with the reasons, to a transporter of the area without permits, which may not quote', async () => {
    const p = await openIndustrialRequest();
    const missing = [gap(null, 'NO_DISPOSAL_SITE'), gap('13', 'NO_PERMIT')];
    const row = await listed(PLATFORM, p.id);
    expect(row?.permitCoverage).toEqual({ covered: false, missing, periodFrom: today(), periodTo: today() });
    const detail = await t.as(PLATFORM).get(`/projects/${p.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().permitCoverage).toMatchObject({ covered: false, missing });
    // Its own permits only: 東都's permit of 東京都 neither covers it nor shows.
    expect(detail.body).not.toContain(f.totoLicense);

    const refused = await quote(PLATFORM, p);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'permit_cannot_be_confirmed', gaps: missing });
    expect((await t.db.select().from(quotes).where(eq(quotes.projectId, p.id))).length).toBe(0);
    expect((await t.as(DIS).get(`/projects/${p.id}`)).json()).toMatchObject({
      projectStatus: 'REQUEST_QUOTE',
      permitCoverage: null,
    });
    // The covered transporter still may.
    expect((await quote(TRANS, p)).statusCode).toBe(200);
  });

  it('name the waste kind a permit does not list', async () => {
    const p = await openIndustrialRequest(f.oil, '廃油 見積依頼');
    const missing = [gap('13', 'KIND_NOT_COVERED', { id: f.oil, name: '廃油' })];
    expect((await listed(TRANS, p.id))?.permitCoverage).toMatchObject({ covered: false, missing });
    const refused = await quote(TRANS, p);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'permit_cannot_be_confirmed', gaps: missing });
  });

  it('read a middle classification as its major class', async () => {
    const middle = await t.db.query.wastes.findFirst({
      where: and(eq(wastes.parentId, f.plastics), eq(wastes.level, 2)),
    });
    if (!middle) return expect.unreachable('the waste master has a middle class under 廃プラスチック類');
    const p = await openIndustrialRequest(middle.id, '廃プラ 中分類');
    expect((await listed(TRANS, p.id))?.permitCoverage?.covered).toBe(true);
  });

  it('are never checked for regular waste', async () => {
    const regular = await t.db.query.wastes.findFirst({ where: eq(wastes.category, 'REGULAR') });
    await insertServedArea(t.db, {
      transportCompanyId: f.platformId,
      type: 'REGULAR',
      areaName: '銀座 一廃',
      posCode: '1040061',
    });
    const created = await t.as(DIS).post('/projects', {
      type: 'REGULAR',
      projectTitle: '一廃 見積依頼',
      dischargeSiteIds: [f.ginza],
      lines: [{ wasteId: regular!.id, bags: { '45': 1 }, collectionCount: 1, weekdays: [1] }],
    });
    const id = created.json().id as number;
    await t.as(DIS).post(`/projects/${id}/request-quote`);
    const row = await listed(PLATFORM, id);
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('permitCoverage');
    expect((await t.as(PLATFORM).get(`/projects/${id}`)).json().permitCoverage).toBeNull();
  });
});

/** An industrial project of グリーン商事 at 銀座店 (plastics) carried by `transporterId`, with its contract. */
async function projectWithContract(
  transporterId: number,
  state: { project: string; contract: string; startDate: string; endDate: string },
) {
  const [project] = await t.db
    .insert(projects)
    .values({
      title: `許可確認 ${Math.random().toString(36).slice(2, 8)}`,
      status: state.project,
      type: 'INDUSTRIAL',
      companyId: f.greenId,
      transportCompanyId: transporterId,
    })
    .returning();
  await t.db.insert(projectDischargeSites).values({ projectId: project!.id, dischargeSiteId: f.ginza });
  const [line] = await t.db
    .insert(projectWasteLines)
    .values({
      projectId: project!.id,
      kind: 'INDUSTRIAL',
      wasteId: f.plastics,
      wasteName: '廃プラスチック類',
      quantity: '2.00',
      quantityUnit: 't',
      unitMeasureId: f.unit,
    })
    .returning();
  const [contract] = await t.db
    .insert(contracts)
    .values({
      projectId: project!.id,
      transportCompanyId: transporterId,
      status: state.contract,
      name: '産業廃棄物 収集運搬委託契約',
      startDate: state.startDate,
      endDate: state.endDate,
      contractType: 'NO_AUTO_UPDATE',
      contractForm: 'COMBINED',
      paymentMethod: 'PAYMENT_INVOICE',
      contactPerson: '佐藤 次郎',
      licenseNumber: '01300123456',
      licenseDistrict: '東京都',
      licenseExpireDate: '2099-12-31',
    })
    .returning();
  await t.db
    .insert(contractUnitPrices)
    .values({ contractId: contract!.id, wasteLineId: line!.id, unitPrice: 30000 });
  return { project: project!, contract: contract! };
}

describe('sending a contract', () => {
  it('is refused while the permits lapse within the contract period, with the gap, and allowed once renewed', async () => {
    const { project } = await projectWithContract(f.totoId, {
      project: 'CREATING_CONTRACT',
      contract: 'DRAFT',
      startDate: nextDay(today()),
      endDate: addDays(f.permitExpiry, 30),
    });
    const missing = [gap('13', 'EXPIRES_IN_PERIOD', { id: f.plastics, name: '廃プラスチック類' })];
    const period = { periodFrom: nextDay(today()), periodTo: addDays(f.permitExpiry, 30) };
    expect((await t.as(TRANS).get(`/projects/${project.id}`)).json().permitCoverage).toEqual({
      covered: false,
      missing,
      ...period,
    });
    const refused = await t.as(TRANS).post(`/trans/projects/${project.id}/contract/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'permit_cannot_be_confirmed', gaps: missing });
    const [row] = await t.db.select().from(contracts).where(eq(contracts.projectId, project.id));
    expect(row!.status).toBe('DRAFT');
    expect((await t.db.select().from(projects).where(eq(projects.id, project.id)))[0]!.status).toBe(
      'CREATING_CONTRACT',
    );

    // The renewed permit follows the old one without a day missing: the period is covered.
    await insertPermits(t.db, f.totoId, {
      districts: ['13'],
      wasteKindIds: [f.plastics],
      issueDate: nextDay(f.permitExpiry),
      expiryDate: '2099-12-31',
    });
    const sent = await t.as(TRANS).post(`/trans/projects/${project.id}/contract/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      projectStatus: 'REQUEST_CONTRACT',
      permitCoverage: { covered: true, missing: [], ...period },
    });
  });

  it('is refused to a transporter without a disposal site to deliver to', async () => {
    await insertPermits(t.db, f.platformId, { districts: ['13'], wasteKindIds: [f.plastics] });
    const { project } = await projectWithContract(f.platformId, {
      project: 'CREATING_CONTRACT',
      contract: 'DRAFT',
      startDate: nextDay(today()),
      endDate: addDays(today(), 200),
    });
    const refused = await t.as(PLATFORM).post(`/trans/projects/${project.id}/contract/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'permit_cannot_be_confirmed',
      gaps: [gap(null, 'NO_DISPOSAL_SITE')],
    });
    // Another transporter cannot send it, nor learn of it.
    const other = await t.as(TRANS).post(`/trans/projects/${project.id}/contract/send`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('NO_DISPOSAL_SITE');
  });
});

describe('the daily coverage run for contracts in force', () => {
  it('flags a permit lapsing before the contract ends to both sides once, forgets it when renewed, flags it again when it lapses again', async () => {
    // junkan収集運搬 delivers to 東京都 and holds a 東京都 permit ending 2027-06-30; the contract runs to 2027-12-31.
    await setDestination(t.db, f.platformId, '東京都');
    await t.db.update(permits).set({ retiredAt: new Date() }).where(eq(permits.companyId, f.platformId));
    await insertPermits(t.db, f.platformId, {
      districts: ['13'],
      wasteKindIds: [f.plastics],
      issueDate: '2025-01-01',
      expiryDate: '2027-06-30',
    });
    const { project, contract } = await projectWithContract(f.platformId, {
      project: 'IN_PROGRESS',
      contract: 'APPROVED',
      startDate: '2026-01-01',
      endDate: '2027-12-31',
    });
    const mails = async () =>
      (await t.db.select().from(mailOutbox)).filter((m) => m.text.includes(project.title));

    await runContractCoverage(t.app, '2026-11-25');
    const first = await mails();
    expect(first.map((m) => m.to).sort()).toEqual([DIS, PLATFORM].sort());
    expect(first[0]!.subject).toContain('許可が確認できません');
    expect(first[0]!.text).toContain('東京都 / 廃プラスチック類');
    const alerts = await t.db
      .select()
      .from(contractCoverageAlerts)
      .where(eq(contractCoverageAlerts.contractId, contract.id));
    expect(alerts).toMatchObject([
      {
        district: '13',
        wasteKindId: f.plastics,
        reason: 'EXPIRES_IN_PERIOD',
        gapKey: `13|${f.plastics}|EXPIRES_IN_PERIOD`,
      },
    ]);
    // A second run, on the same day or the next, mails nothing more.
    await runContractCoverage(t.app, '2026-11-25');
    await runContractCoverage(t.app, '2026-11-26');
    expect(await mails()).toHaveLength(2);

    // Renewed: the gap closes and is forgotten, nothing is mailed.
    const [renewal] = await insertPermits(t.db, f.platformId, {
      districts: ['13'],
      wasteKindIds: [f.plastics],
      issueDate: '2027-07-01',
      expiryDate: '2032-06-30',
    });
    expect(await runContractCoverage(t.app, '2026-11-27')).toMatchObject({ mailed: 0, cleared: 1 });
    expect(
      await t.db
        .select()
        .from(contractCoverageAlerts)
        .where(eq(contractCoverageAlerts.contractId, contract.id)),
    ).toEqual([]);
    expect(await mails()).toHaveLength(2);

    // The renewal is retired: the gap is back, and both sides hear of it again.
    await t.db.update(permits).set({ retiredAt: new Date() }).where(eq(permits.id, renewal!));
    expect((await runContractCoverage(t.app, '2026-11-28')).mailed).toBe(1);
    expect(await mails()).toHaveLength(4);
  });

  it('leaves alone contracts that are covered, not yet approved, over, or regular', async () => {
    const before = (await t.db.select().from(mailOutbox)).length;
    // 東都 is covered to 2099 since its renewal above.
    await projectWithContract(f.totoId, {
      project: 'IN_PROGRESS',
      contract: 'APPROVED',
      startDate: '2026-01-01',
      endDate: '2027-12-31',
    });
    // Not covered, but not in force: awaiting confirmation, or ended.
    await projectWithContract(f.platformId, {
      project: 'REQUEST_CONTRACT',
      contract: 'REQUESTED',
      startDate: '2026-12-01',
      endDate: '2027-12-31',
    });
    await projectWithContract(f.platformId, {
      project: 'COMPLETE',
      contract: 'ENDED',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
    await runContractCoverage(t.app, '2026-11-29');
    expect((await t.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('shows the gap on the detail to both sides of the contract, and to no one else', async () => {
    const { project } = await projectWithContract(f.platformId, {
      project: 'IN_PROGRESS',
      contract: 'APPROVED',
      startDate: '2026-01-01',
      endDate: '2099-12-31',
    });
    // Its live permit ends 2027-06-30: within the contract, or already over once that day has passed.
    const reason = today() <= '2027-06-30' ? 'EXPIRES_IN_PERIOD' : 'EXPIRED';
    const missing = [gap('13', reason, { id: f.plastics, name: '廃プラスチック類' })];
    for (const who of [DIS, PLATFORM]) {
      const res = await t.as(who).get(`/projects/${project.id}`);
      expect(res.json().permitCoverage, who).toMatchObject({
        covered: false,
        missing,
        periodFrom: today(),
        periodTo: '2099-12-31',
      });
    }
    for (const who of [TRANS, DIS2])
      expect((await t.as(who).get(`/projects/${project.id}`)).statusCode).toBe(404);

    // The transporter's home lists its contracts in force with a gap; another transporter's list never has them.
    const own = await t.as(PLATFORM).get('/trans/permits/coverage-gaps');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toContainEqual({
      projectId: project.id,
      projectTitle: project.title,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      coverage: { covered: false, missing, periodFrom: today(), periodTo: '2099-12-31' },
    });
    const others = (await t.as(TRANS).get('/trans/permits/coverage-gaps')).json() as { projectId: number }[];
    expect(others.map((g) => g.projectId)).not.toContain(project.id);
    expect((await t.as(DIS).get('/trans/permits/coverage-gaps')).statusCode).toBe(403);
  });
});
