import type { IndustrialReportOptions, TransportReport } from '@junkan/shared/api/transport-reports';
import { addDays } from '@junkan/shared/contract-rules';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIS, dischargeSiteId, TRANS } from '../../../test/fixtures/demo-data';
import { type IndustrialProject, insertIndustrialProject } from '../../../test/fixtures/projects';
import { type JwnetHarness, startJwnetHarness, tomorrowAt } from '../../../test/jwnet-harness';
import type { TestContext } from '../../../test/test-app';
import { auditLogs, permits, projectDischargeSites, unitMeasures, wastes } from '../../db/schema';
import { tokyoDate } from '../../lib/time';

/** Valuables collected on a route without transshipment storage: flagged to the transporter, never refused. */

const START = tomorrowAt('10:00:00');
const TODAY = tokyoDate(START);
const YESTERDAY = addDays(TODAY, -1);

let net: JwnetHarness;
let t: TestContext;
let unitT = 0;
let plasticsKind = 0;
let metalKind = 0;
let ginza = 0;

beforeAll(async () => {
  net = await startJwnetHarness({ start: START, delayMs: 1_000 });
  t = net.t;
  unitT = (await t.db.query.unitMeasures.findFirst({ where: eq(unitMeasures.unit, 't') }))!.id;
  const kind = async (name: string) =>
    (await t.db.query.wastes.findFirst({
      where: and(eq(wastes.name, name), eq(wastes.category, 'INDUSTRIAL'), eq(wastes.level, 1)),
    }))!.id;
  plasticsKind = await kind('廃プラスチック類');
  metalKind = await kind('金属くず');
  ginza = await dischargeSiteId(t.db, '銀座店');
});
afterAll(() => net?.close());
beforeEach(async () => {
  await net.reset();
  // Retired, not deleted: permits are kept five years (the retention triggers refuse the delete).
  await t.db.update(permits).set({ retiredAt: new Date() }).where(isNull(permits.retiredAt));
});

let license = 0;
/** A collection-and-transport permit of 東都 (the test transporter). */
async function permit(p: IndustrialProject, over: Partial<typeof permits.$inferInsert> = {}) {
  await t.db.insert(permits).values({
    companyId: p.transporterId,
    districtCode: '13',
    licenseNumber: `0130${String(++license).padStart(7, '0')}`,
    kind: 'COLLECTION_TRANSPORT',
    issueDate: addDays(TODAY, -365),
    expiryDate: addDays(TODAY, 365),
    transshipment: true,
    storageSite: '東京都江東区新木場1-2-3 積替保管施設',
    wasteKindIds: [plasticsKind],
    ...over,
  });
}

/** An industrial project loading at 銀座店 (東京都). */
async function projectInTokyo() {
  const p = await insertIndustrialProject(t.db);
  await t.db.insert(projectDischargeSites).values({ projectId: p.projectId, dischargeSiteId: ginza });
  return p;
}

const reportBody = (p: IndustrialProject, valuablesCollected: string | null) => ({
  dischargerId: p.dischargerId,
  projectId: p.projectId,
  collectTime: YESTERDAY,
  wasteId: p.wasteId,
  transportEndDate: TODAY,
  manifestId: null,
  transportVolume: '1.50',
  transportVolumeUnit: unitT,
  valuablesCollected,
  valuablesCollectedUnit: valuablesCollected === null ? null : unitT,
  transporter: '佐藤',
});

async function report(p: IndustrialProject, valuables: string | null) {
  const res = await t.as(TRANS).post('/trans/transport-reports', reportBody(p, valuables));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TransportReport>();
}

const periodsOf = async (p: IndustrialProject) => {
  const options = (await t.as(TRANS).get('/trans/transport-reports/options')).json<IndustrialReportOptions>();
  return options.projects.find((o) => o.id === p.projectId)!.wastes[0]!.transshipmentPeriods;
};

describe('valuables collected without transshipment storage', () => {
  it('flags valuables when the transporter has no permit with transshipment, and saves the report all the same', async () => {
    const p = await projectInTokyo();
    await permit(p, { transshipment: false, storageSite: '' });
    expect(await periodsOf(p)).toEqual([]);
    const flagged = await report(p, '0.20');
    expect(flagged.valuablesWithoutTransshipment).toBe(true);
    // The transporter sees it on the report; it is kept on the row and in the record of the write.
    expect(
      (await t.as(TRANS).get(`/trans/transport-reports/${flagged.id}`)).json().valuablesWithoutTransshipment,
    ).toBe(true);
    const audit = await t.db.query.auditLogs.findFirst({
      where: and(eq(auditLogs.action, 'transport_report.create'), eq(auditLogs.entityId, String(flagged.id))),
    });
    expect(audit!.detail).toMatchObject({ valuablesWithoutTransshipment: true });
    // No valuables, nothing to flag.
    expect((await report(p, '0.00')).valuablesWithoutTransshipment).toBe(false);
    expect((await report(p, null)).valuablesWithoutTransshipment).toBe(false);
  });

  it('does not flag valuables on a route with transshipment storage for the waste on the day', async () => {
    const p = await projectInTokyo();
    await permit(p);
    expect(await periodsOf(p)).toEqual([{ from: addDays(TODAY, -365), to: addDays(TODAY, 365) }]);
    const r = await report(p, '0.20');
    expect(r.valuablesWithoutTransshipment).toBe(false);
    // The discharger's read carries the same value.
    expect((await t.as(DIS).get(`/transport-reports/${r.id}`)).json().valuablesWithoutTransshipment).toBe(
      false,
    );
  });

  it.each<[string, Partial<typeof permits.$inferInsert>]>([
    ['a prefecture off the route', { districtCode: '27' }],
    ['another waste kind', { wasteKindIds: [0] }],
    ['expired before the transport ended', { expiryDate: YESTERDAY }],
    ['retired', { retiredAt: new Date() }],
  ])('flags valuables when the only transshipment permit is of %s', async (_, over) => {
    const p = await projectInTokyo();
    await permit(p, over.wasteKindIds ? { wasteKindIds: [metalKind] } : over);
    expect((await report(p, '0.20')).valuablesWithoutTransshipment).toBe(true);
  });

  it('counts any transshipment permit of the transporter when the route cannot be read', async () => {
    const p = await insertIndustrialProject(t.db); // no discharge site recorded
    await permit(p, { districtCode: '27' });
    expect((await report(p, '0.20')).valuablesWithoutTransshipment).toBe(false);
  });

  it('follows the valuables of a correction sent to the discharger', async () => {
    const p = await projectInTokyo();
    const manifestNumber = await net.networkManifest(
      {
        projectId: p.projectId,
        dischargerCompanyId: p.dischargerId,
        transportCompanyId: p.transporterId,
        wasteName: '廃プラスチック類',
        deliveryDate: YESTERDAY,
        networkStatus: 'REGISTERED',
        runningFunctions: [],
      },
      { deliveryDate: YESTERDAY },
    );
    const res = await t
      .as(TRANS)
      .post('/trans/transport-reports', { ...reportBody(p, null), manifestId: manifestNumber });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TransportReport>().valuablesWithoutTransshipment).toBe(false);
    await net.syncNetwork();
    const fixed = await t.as(TRANS).put(`/trans/transport-reports/${res.json().id}`, {
      lastEndDateTransport: TODAY,
      lastTransportVolume: '1.50',
      lastTransportVolumeUnit: unitT,
      lastValuablesCollected: '0.30',
      lastValuablesCollectedUnit: unitT,
      lastTransporter: '佐藤',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({
      outcome: 'AWAITING_APPROVAL',
      report: { lastValuablesCollected: 0.3, valuablesWithoutTransshipment: true },
    });
  });
});
