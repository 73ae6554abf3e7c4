import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIS, TRANS } from '../../../test/fixtures/demo-data';
import { type IndustrialProject, insertIndustrialProject } from '../../../test/fixtures/projects';
import { type JwnetHarness, startJwnetHarness, tomorrowAt } from '../../../test/jwnet-harness';
import { projects, transportReports, unitMeasures, wastes } from '../../db/schema';
import { tokyoDate } from '../../lib/time';

/**
 * The monthly summary (`achievement_monthly`) agrees with the report rows after random writes through the
 * API: create (with and without a manifest), correct, approve, reject, confirm a rejection, delete, the
 * network's answers, and regular reports. A write that skipped the summary makes the check fail (last test).
 */
const START = tomorrowAt('10:00:00');
const day = (offset: number) => tokyoDate(new Date(START.getTime() + offset * 86_400_000));

let net: JwnetHarness;
let units: number[] = [];
let regular: { projectId: number; wasteId: number };

beforeAll(async () => {
  net = await startJwnetHarness({ start: START, delayMs: 1_000 });
  const rows = await net.t.db.select().from(unitMeasures);
  units = [rows.find((u) => u.unit === 't')!.id, rows.find((u) => u.isCount)!.id];
  const project = await net.t.db.query.projects.findFirst({
    where: eq(projects.title, '銀座店 可燃ごみ定期回収'),
  });
  const combustible = await net.t.db.query.wastes.findFirst({ where: eq(wastes.name, '可燃ごみ') });
  regular = { projectId: project!.id, wasteId: combustible!.id };
});
afterAll(() => net?.close());

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
const KEY = 'transport_company_id, year, month, kind, discharger_company_id, waste_id, unit_id';

/** The summary as stored, and as recomputed from the report rows; each line as one comparable text. */
async function summaries() {
  const lines = (result: unknown) => rowsOf(result).map((r) => Object.values(r).join('|'));
  const stored = lines(
    await net.t.db.execute(
      sql.raw(`select ${KEY}, volume::text, report_count, awaiting_count, delete_requested_count,
                      rejected_count
               from achievement_monthly order by ${KEY}`),
    ),
  );
  const recomputed = lines(
    await net.t.db.execute(
      sql.raw(`select ${KEY}, volume::text, report_count, awaiting_count, delete_requested_count,
                      rejected_count
               from (select transport_company_id, extract(year from end_date_transport)::smallint as year,
                            extract(month from end_date_transport)::smallint as month, 1 as kind,
                            discharger_company_id, waste_id, transport_volume_unit_id as unit_id,
                            sum(transport_volume)::numeric(18, 2) as volume, count(*)::int as report_count,
                            count(*) filter (where status = 'ACCEPTANCE_OR_DENIAL')::int as awaiting_count,
                            count(*) filter (where status = 'REQUEST_DELETE')::int as delete_requested_count,
                            count(*) filter (where status = 'REJECTION')::int as rejected_count
                     from transport_reports where deleted_at is null
                     group by 1, 2, 3, 5, 6, 7
                     union all
                     select transport_company_id, year, month, 2, discharger_company_id, waste_id, null,
                            sum(volume)::numeric(18, 2), count(*)::int, 0, 0, 0
                     from regular_reports group by 1, 2, 3, 5, 6) r
               order by ${KEY}`),
    ),
  );
  return { stored, recomputed };
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

describe('achievement summary', () => {
  it('agrees with the report rows after random writes', async () => {
    const t = net.t;
    const rnd = random(20_261_124);
    const project: IndustrialProject = await insertIndustrialProject(t.db);
    const dates = [day(-1), day(-2), day(-35), day(-70)];
    const volume = () => (1 + Math.floor(rnd.next() * 900) / 100).toFixed(2);
    const reportIds: number[] = [];
    const done = new Map<string, number>();
    const count = (action: string, status: number) => {
      if (status === 200) done.set(action, (done.get(action) ?? 0) + 1);
    };
    const liveIds = async () =>
      (await t.db.select({ id: transportReports.id }).from(transportReports))
        .map((r) => r.id)
        .filter((id) => reportIds.includes(id));

    for (let step = 0; step < 80; step++) {
      const action = rnd.pick([
        'create',
        'createWithManifest',
        'createWithManifest',
        'createWithManifest',
        'correct',
        'correct',
        'approve',
        'approve',
        'reject',
        'confirmRejection',
        'cancel',
        'cancel',
        'sync',
        'sync',
        'regular',
      ] as const);
      const target = rnd.pick((await liveIds()).length ? await liveIds() : [0]);
      switch (action) {
        case 'create':
        case 'createWithManifest': {
          const manifestId =
            action === 'createWithManifest'
              ? await net.networkManifest({
                  projectId: project.projectId,
                  dischargerCompanyId: project.dischargerId,
                  transportCompanyId: project.transporterId,
                  wasteName: '廃プラスチック類',
                  deliveryDate: day(-3),
                  networkStatus: 'REGISTERED',
                  runningFunctions: [],
                })
              : null;
          const unit = rnd.pick(units);
          const res = await t.as(TRANS).post('/trans/transport-reports', {
            dischargerId: project.dischargerId,
            projectId: project.projectId,
            collectTime: day(-80),
            wasteId: project.wasteId,
            transportEndDate: manifestId ? day(-1) : rnd.pick(dates),
            manifestId,
            vehicleNumber: null,
            transportVolume: volume(),
            transportVolumeUnit: unit,
            valuablesCollected: null,
            valuablesCollectedUnit: null,
            reporter: null,
            transporter: '佐藤',
            disposalMethodId: null,
          });
          count(action, res.statusCode);
          if (res.statusCode === 200) reportIds.push(res.json<{ id: number }>().id);
          break;
        }
        case 'correct': {
          const res = await t.as(TRANS).put(`/trans/transport-reports/${target}`, {
            lastEndDateTransport: rnd.pick(dates),
            lastTransportVolume: volume(),
            lastTransportVolumeUnit: rnd.pick(units),
            lastValuablesCollected: null,
            lastValuablesCollectedUnit: null,
            lastVehicleNumber: null,
            lastReporter: null,
            lastTransporter: '鈴木',
            lastDisposalMethodId: null,
          });
          count(action, res.statusCode);
          break;
        }
        case 'approve':
        case 'reject':
          count(action, (await t.as(DIS).post(`/transport-reports/${target}/${action}`)).statusCode);
          break;
        case 'confirmRejection':
          count(
            action,
            (await t.as(TRANS).post(`/trans/transport-reports/${target}/confirm-rejection`)).statusCode,
          );
          break;
        case 'cancel':
          count(action, (await t.as(TRANS).post(`/trans/transport-reports/${target}/cancel`)).statusCode);
          break;
        case 'sync':
          await net.syncNetwork();
          count(action, 200);
          break;
        case 'regular': {
          const [year, month] = rnd
            .pick([day(-1), day(-35)])
            .split('-')
            .map(Number);
          const res = await t.as(TRANS).post('/trans/regular-reports', {
            projectId: regular.projectId,
            year,
            month,
            listVolume: [{ category: regular.wasteId, volume: volume() }],
          });
          count(action, res.statusCode);
          break;
        }
      }
      if (step % 10 === 9) {
        const { stored, recomputed } = await summaries();
        expect(stored, `after step ${step}`).toEqual(recomputed);
      }
    }
    // The sequence did exercise the writes it claims to.
    for (const action of ['create', 'createWithManifest', 'correct', 'approve', 'cancel', 'regular'])
      expect(done.get(action) ?? 0, action).toBeGreaterThan(0);
    const { stored, recomputed } = await summaries();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).toEqual(recomputed);
  });

  it('notices a write that skipped the summary, and the rebuild repairs it', async () => {
    const t = net.t;
    const project = await insertIndustrialProject(t.db);
    await t.db.execute(sql`alter table transport_reports disable trigger transport_reports_achievement_sync`);
    try {
      const res = await t.as(TRANS).post('/trans/transport-reports', {
        dischargerId: project.dischargerId,
        projectId: project.projectId,
        collectTime: day(-2),
        wasteId: project.wasteId,
        transportEndDate: day(-1),
        manifestId: null,
        vehicleNumber: null,
        transportVolume: '4.00',
        transportVolumeUnit: units[0],
        valuablesCollected: null,
        valuablesCollectedUnit: null,
        reporter: null,
        transporter: '佐藤',
        disposalMethodId: null,
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await t.db.execute(
        sql`alter table transport_reports enable trigger transport_reports_achievement_sync`,
      );
    }
    const skipped = await summaries();
    expect(skipped.stored).not.toEqual(skipped.recomputed);
    await t.db.execute(sql`select achievement_monthly_rebuild()`);
    const repaired = await summaries();
    expect(repaired.stored).toEqual(repaired.recomputed);
  });
});
