import { addMonths, nextDay } from '@junkan/shared/contract-rules';
import {
  isReportCountedDay,
  nextReportCountedDay,
  transportReportDeadline,
} from '@junkan/shared/transport-deadline';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  disposalMethods,
  projects,
  projectWasteLines,
  regularReports,
  transportReports,
  unitMeasures,
  users,
} from '../db/schema';
import { nationalHolidayName } from '../lib/national-holidays';
import { DEMO_CONTRACT_MONTHS_RUN } from './demo-contracts';

const INDUSTRIAL_DAYS = ['05', '14', '22'];
const INDUSTRIAL_TRANSPORTERS = ['佐藤 次郎', '田中 健一', '鈴木 大輔'];
const VEHICLES = ['品川 100 あ 12-34', '品川 130 さ 56-78'];
/** Monthly weights of 可燃ごみ in kg, oldest month first (about 4 bags of 45 L and 2 of 70 L, twice a week). */
const COMBUSTIBLE_KG = ['284.50', '301.00', '276.50', '312.00', '295.50', '288.00'];

/** The day itself, or the first counted day after it (collections are on working days). */
function workingDay(date: string): string {
  let day = date;
  while (!isReportCountedDay(day, nationalHolidayName)) day = nextDay(day);
  return day;
}

/**
 * Achievements of the demo projects in progress for the months their contracts have run (this month is left
 * for the transporter to report): the regular project's monthly 可燃ごみ weight, and the industrial project's
 * completed transports without manifests (approved, reported the next working day, within the deadline).
 */
export async function seedDemoAchievements(db: Database, today: string): Promise<void> {
  const thisMonth = `${today.slice(0, 8)}01`;
  const months = Array.from({ length: DEMO_CONTRACT_MONTHS_RUN }, (_, i) =>
    addMonths(thisMonth, i - DEMO_CONTRACT_MONTHS_RUN),
  );
  const lineOf = async (title: string) => {
    const [row] = await db
      .select({
        projectId: projects.id,
        companyId: projects.companyId,
        transportCompanyId: projects.transportCompanyId,
        lineId: projectWasteLines.id,
        wasteId: projectWasteLines.wasteId,
        wasteName: projectWasteLines.wasteName,
      })
      .from(projects)
      .innerJoin(projectWasteLines, eq(projectWasteLines.projectId, projects.id))
      .where(and(eq(projects.title, title), eq(projects.status, 'IN_PROGRESS')));
    return row?.transportCompanyId != null && row.wasteId != null ? row : null;
  };
  const regular = await lineOf('銀座店 可燃ごみ定期回収');
  const industrial = await lineOf('本社倉庫 廃プラスチック類 収集運搬');
  const [reporter] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'transporter@example.com'));
  const [tonne] = await db
    .select({ id: unitMeasures.id })
    .from(unitMeasures)
    .where(eq(unitMeasures.unit, 't'));
  const [crushing] = await db
    .select({ id: disposalMethods.id })
    .from(disposalMethods)
    .where(eq(disposalMethods.method, '破砕'));

  await db.transaction(async (tx) => {
    if (regular)
      await tx.insert(regularReports).values(
        months.map((first, i) => ({
          projectId: regular.projectId,
          dischargerCompanyId: regular.companyId,
          transportCompanyId: regular.transportCompanyId!,
          wasteId: regular.wasteId!,
          year: Number(first.slice(0, 4)),
          month: Number(first.slice(5, 7)),
          volume: COMBUSTIBLE_KG[i % COMBUSTIBLE_KG.length]!,
          createdBy: reporter?.id ?? null,
          createdAt: new Date(`${addMonths(first, 1)}T10:00:00+09:00`),
        })),
      );
    if (!industrial) return;
    const rows = months.flatMap((first, m) =>
      INDUSTRIAL_DAYS.map((day, k) => {
        const date = workingDay(`${first.slice(0, 8)}${day}`);
        const reportedOn = nextReportCountedDay(date, nationalHolidayName);
        const reportedAt = new Date(`${reportedOn}T17:00:00+09:00`);
        // 0.55 to 0.95 t a collection: about the project's 2 t a month over three collections.
        const volume = (0.55 + ((m * 7 + k * 3) % 9) * 0.05).toFixed(2);
        return {
          projectId: industrial.projectId,
          wasteLineId: industrial.lineId,
          dischargerCompanyId: industrial.companyId,
          transportCompanyId: industrial.transportCompanyId!,
          wasteId: industrial.wasteId!,
          wasteName: industrial.wasteName,
          status: 'BLANK',
          collectTime: date,
          endDateTransport: date,
          transportVolume: volume,
          transportVolumeUnitId: tonne?.id ?? null,
          vehicleNumber: VEHICLES[(m + k) % VEHICLES.length]!,
          reporter: '佐藤 次郎',
          transporter: INDUSTRIAL_TRANSPORTERS[k % INDUSTRIAL_TRANSPORTERS.length]!,
          disposalMethodId: crushing?.id ?? null,
          deadline: transportReportDeadline(date, nationalHolidayName),
          createdBy: reporter?.id ?? null,
          createdAt: reportedAt,
          updatedAt: reportedAt,
        };
      }),
    );
    await tx.insert(transportReports).values(rows);
  });
}
