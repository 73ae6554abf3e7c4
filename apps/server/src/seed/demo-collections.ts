import { nextCollectableDate, planRecurringCollections } from '@junkan/shared/collection-rules';
import { addDays, addMonths, nextDay } from '@junkan/shared/contract-rules';
import { DRIVER_DAY_SPAN } from '@junkan/shared/driver-rules';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import {
  collectionHistory,
  collectionRequestLines,
  collectionRequests,
  collections,
  contracts,
  dischargeSites,
  projects,
  projectWasteLines,
  users,
} from '../db/schema';
import { requestablePeriodOf } from '../features/project-core/collection-schedule';
import { businessDayLookup } from '../lib/business-days';

import { DEMO_SPOT_PROJECT } from './demo-projects';

/** The demo's industrial contract (東都, グリーン商事's 銀座店), whose collections fill the demo driver's days. */
const DEMO_INDUSTRIAL_PROJECT = '本社倉庫 廃プラスチック類 収集運搬';

export { DEMO_SPOT_PROJECT };

type CollectionRow = typeof collections.$inferInsert;
type HistoryRow = typeof collectionHistory.$inferInsert;

/** A Japan date at a time of day, as a timestamp. */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+09:00`);

/**
 * Collection schedules of the demo (after the contracts): the regular 可燃ごみ contract of 東都 for グリーン商事
 * collects every Monday and Thursday from the first of this month (the past days collected, the coming ones
 * confirmed, one moved by the transporter and awaiting the discharger's answer); and the spot contract's one
 * collection, confirmed for next week; and the industrial contract's collections on the business days of the
 * driver's day (today and the next days) that the regular one leaves free, so the demo driver always has a round.
 * Written with the history the collection services write (they act now,
 * and these steps are in the past).
 */
export async function seedDemoCollections(db: Database, today: string): Promise<void> {
  const [regular] = await db
    .select({ project: projects, contract: contracts, lineId: projectWasteLines.id })
    .from(projects)
    .innerJoin(contracts, eq(contracts.projectId, projects.id))
    .innerJoin(projectWasteLines, eq(projectWasteLines.projectId, projects.id))
    .where(and(eq(projects.title, '銀座店 可燃ごみ定期回収'), eq(projects.status, 'IN_PROGRESS')));
  const [site] = await db.select().from(dischargeSites).where(eq(dischargeSites.name, '銀座店'));
  const userId = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? null;
  const discharger = await userId('discharger@example.com');
  const transporter = await userId('transporter@example.com');
  if (!regular?.project.transportCompanyId || !site) return;
  const transportCompanyId = regular.project.transportCompanyId;
  const lookup = await businessDayLookup(
    db,
    transportCompanyId,
    `${today.slice(0, 8)}01`,
    addMonths(today, 30),
  );
  const history = (
    from: string | null,
    to: string,
    date: string,
    fromDate: string | null,
    who: 'WASTE' | 'TRANSPORT',
    time: Date,
    reason: string | null = null,
  ): Omit<HistoryRow, 'collectionId'> => ({
    fromStatus: from,
    toStatus: to,
    fromDate,
    toDate: date,
    userId: who === 'WASTE' ? discharger : transporter,
    role: who,
    reason,
    createdAt: time,
  });

  await db.transaction(async (tx) => {
    // The recurring request, made on the first of the month and confirmed by the transporter that day.
    const first = `${today.slice(0, 8)}01`;
    const { contract } = regular;
    const until = requestablePeriodOf(contract).endDate;
    const [request] = await tx
      .insert(collectionRequests)
      .values({
        projectId: regular.project.id,
        contractId: contract.id,
        companyId: regular.project.companyId,
        transportCompanyId,
        dischargeSiteId: site.id,
        kind: 'RECURRING',
        frequency: 'WEEKLY',
        weekdays: [1, 4],
        collectionCount: 2,
        vehicleLimit: 'T2',
        entryUntil: '08:00',
        memo: '朝8時までに回収をお願いします。',
        generatedUntil: until,
        createdBy: discharger,
        createdAt: at(first, '09:00'),
      })
      .returning();
    await tx
      .insert(collectionRequestLines)
      .values({ requestId: request!.id, wasteLineId: regular.lineId, bags: { '45': 4, '70': 2 } });
    const planned = planRecurringCollections({ frequency: 'WEEKLY', weekdays: [1, 4] }, first, until, lookup);
    // The second collection still to come was moved by a day at the transporter's request.
    const moved = planned.filter((p) => p.status === 'DESIRED_DATE' && p.date > today)[1]?.date;
    const rows: { row: CollectionRow; steps: Omit<HistoryRow, 'collectionId'>[] }[] = planned.map((p) => {
      const created = history(null, p.status, p.date, null, 'WASTE', at(first, '09:00'));
      const base = {
        requestId: request!.id,
        projectId: regular.project.id,
        companyId: regular.project.companyId,
        transportCompanyId,
        dischargeSiteId: site.id,
        date: p.date,
        desiredDate: p.date,
        skipReason: p.skipReason ?? null,
        createdAt: at(first, '09:00'),
      };
      if (p.status === 'SKIPPED') return { row: { ...base, status: 'SKIPPED' }, steps: [created] };
      const confirmed = history('DESIRED_DATE', 'CONFIRMED', p.date, p.date, 'TRANSPORT', at(first, '14:00'));
      if (p.date < today)
        return {
          row: { ...base, status: 'COLLECTED', version: 3 },
          steps: [
            created,
            confirmed,
            history('CONFIRMED', 'COLLECTED', p.date, p.date, 'TRANSPORT', at(p.date, '09:30')),
          ],
        };
      if (p.date === moved) {
        const proposed = nextCollectableDate(nextDay(p.date), lookup) ?? p.date;
        const reason = '車両点検のため翌営業日の回収でお願いできますか。';
        return {
          row: { ...base, date: proposed, status: 'ADJUSTING', reason, version: 2 },
          steps: [
            created,
            history('DESIRED_DATE', 'ADJUSTING', proposed, p.date, 'TRANSPORT', at(first, '14:00'), reason),
          ],
        };
      }
      return { row: { ...base, status: 'CONFIRMED', version: 2 }, steps: [created, confirmed] };
    });
    await insertWithHistory(tx, rows);

    await seedDriverDays(tx, {
      siteId: site.id,
      today,
      isBusinessDay: (date) => lookup(date).isBusinessDay,
      collected: new Set(rows.filter((r) => r.row.status === 'CONFIRMED').map((r) => r.row.date)),
      requestedBy: discharger,
      history,
    });

    await seedSpotCollection(tx, {
      siteId: site.id,
      date: nextCollectableDate(addDays(today, 7), lookup) ?? addDays(today, 7),
      requestedOn: addDays(today, -2),
      requestedBy: discharger,
      history,
    });
  });
}

async function insertWithHistory(
  tx: Tx,
  rows: { row: CollectionRow; steps: Omit<HistoryRow, 'collectionId'>[] }[],
) {
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    const ids = await tx
      .insert(collections)
      .values(chunk.map((r) => r.row))
      .returning({ id: collections.id });
    await tx
      .insert(collectionHistory)
      .values(chunk.flatMap((r, k) => r.steps.map((s) => ({ ...s, collectionId: ids[k]!.id }))));
  }
}

/** The spot contract's one collection (bulky items of a refit), requested and confirmed for next week. */
async function seedSpotCollection(
  tx: Tx,
  p: {
    siteId: number;
    date: string;
    requestedOn: string;
    requestedBy: number | null;
    history: (
      from: string | null,
      to: string,
      date: string,
      fromDate: string | null,
      who: 'WASTE' | 'TRANSPORT',
      time: Date,
    ) => Omit<HistoryRow, 'collectionId'>;
  },
) {
  const [spot] = await tx
    .select({ project: projects, contract: contracts, lineId: projectWasteLines.id })
    .from(projects)
    .innerJoin(contracts, eq(contracts.projectId, projects.id))
    .innerJoin(projectWasteLines, eq(projectWasteLines.projectId, projects.id))
    .where(and(eq(projects.title, DEMO_SPOT_PROJECT), eq(contracts.status, 'APPROVED')));
  if (!spot?.project.transportCompanyId) return;
  const { project, contract } = spot;
  const transportCompanyId = project.transportCompanyId!;
  const [request] = await tx
    .insert(collectionRequests)
    .values({
      projectId: project.id,
      contractId: contract.id,
      companyId: project.companyId,
      transportCompanyId,
      dischargeSiteId: p.siteId,
      kind: 'DATES',
      vehicleLimit: 'T4',
      entryFrom: '09:00',
      entryUntil: '12:00',
      memo: '搬出は裏口の搬入口から。エレベーター使用可。',
      createdBy: p.requestedBy,
      createdAt: at(p.requestedOn, '10:00'),
    })
    .returning();
  await tx
    .insert(collectionRequestLines)
    .values({ requestId: request!.id, wasteLineId: spot.lineId, bags: { '90': 6 }, volume: '1.50' });
  await insertWithHistory(tx, [
    {
      row: {
        requestId: request!.id,
        projectId: project.id,
        companyId: project.companyId,
        transportCompanyId,
        dischargeSiteId: p.siteId,
        date: p.date,
        desiredDate: p.date,
        status: 'CONFIRMED',
        version: 2,
        createdAt: at(p.requestedOn, '10:00'),
      },
      steps: [
        p.history(null, 'DESIRED_DATE', p.date, null, 'WASTE', at(p.requestedOn, '10:00')),
        p.history('DESIRED_DATE', 'CONFIRMED', p.date, p.date, 'TRANSPORT', at(p.requestedOn, '15:00')),
      ],
    },
  ]);
}

type HistoryStep = (
  from: string | null,
  to: string,
  date: string,
  fromDate: string | null,
  who: 'WASTE' | 'TRANSPORT',
  time: Date,
) => Omit<HistoryRow, 'collectionId'>;

/**
 * The industrial contract's (廃プラスチック類, 銀座店) confirmed collections on each business day of the driver's
 * days (today and the next DRIVER_DAY_SPAN - 1) that has no confirmed regular collection: requested three days
 * ago by the discharger, confirmed by the transporter that afternoon.
 */
async function seedDriverDays(
  tx: Tx,
  p: {
    siteId: number;
    today: string;
    isBusinessDay: (date: string) => boolean;
    collected: ReadonlySet<string>;
    requestedBy: number | null;
    history: HistoryStep;
  },
) {
  const days = Array.from({ length: DRIVER_DAY_SPAN }, (_, i) => addDays(p.today, i)).filter(
    (d) => p.isBusinessDay(d) && !p.collected.has(d),
  );
  if (days.length === 0) return;
  const [industrial] = await tx
    .select({ project: projects, contract: contracts, lineId: projectWasteLines.id })
    .from(projects)
    .innerJoin(contracts, eq(contracts.projectId, projects.id))
    .innerJoin(projectWasteLines, eq(projectWasteLines.projectId, projects.id))
    .where(and(eq(projects.title, DEMO_INDUSTRIAL_PROJECT), eq(contracts.status, 'APPROVED')));
  const transportCompanyId = industrial?.project.transportCompanyId;
  if (!industrial || !transportCompanyId) return;
  const { project, contract } = industrial;
  const period = requestablePeriodOf(contract);
  const dates = days.filter((d) => period.startDate <= d && d <= period.endDate);
  if (dates.length === 0) return;
  const requestedOn = addDays(p.today, -3);
  const [request] = await tx
    .insert(collectionRequests)
    .values({
      projectId: project.id,
      contractId: contract.id,
      companyId: project.companyId,
      transportCompanyId,
      dischargeSiteId: p.siteId,
      kind: 'DATES',
      vehicleLimit: 'NONE',
      entryFrom: '09:00',
      entryUntil: '12:00',
      memo: 'フレコンバッグは搬入口横に置いてあります。フォークリフトで積込をお願いします。',
      createdBy: p.requestedBy,
      createdAt: at(requestedOn, '10:00'),
    })
    .returning();
  await tx
    .insert(collectionRequestLines)
    .values({ requestId: request!.id, wasteLineId: industrial.lineId, volume: '0.70' });
  await insertWithHistory(
    tx,
    dates.map((date) => ({
      row: {
        requestId: request!.id,
        projectId: project.id,
        companyId: project.companyId,
        transportCompanyId,
        dischargeSiteId: p.siteId,
        date,
        desiredDate: date,
        status: 'CONFIRMED',
        version: 2,
        createdAt: at(requestedOn, '10:00'),
      },
      steps: [
        p.history(null, 'DESIRED_DATE', date, null, 'WASTE', at(requestedOn, '10:00')),
        p.history('DESIRED_DATE', 'CONFIRMED', date, date, 'TRANSPORT', at(requestedOn, '15:00')),
      ],
    })),
  );
}
