import type { RegularReportInput } from '@junkan/shared/api/transport-reports';
import { datesOfMonth } from '@junkan/shared/business-day';
import { isMonthOutsidePeriod } from '@junkan/shared/contract-rules';
import { keptUntil, latestDate } from '@junkan/shared/rules/retention';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { collections, projects, projectWasteLines, regularReports, wastes } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { monthMarkDraft } from '../project-core/collection-marks';
import { contractPeriodOf } from './contract-period';
import { mailRegularReport } from './regular-report-mail';

/** The transporter's own regular project in progress (or done: a last month may still be reported). */
async function ownRegularProject(db: DbOrTx, companyId: number, projectId: number, lock = false) {
  const query = db
    .select({
      id: projects.id,
      status: projects.status,
      companyId: projects.companyId,
      transportCompanyId: projects.transportCompanyId,
      type: projects.type,
      title: projects.title,
    })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.transportCompanyId, companyId)));
  const [project] = lock ? await query.for('update') : await query;
  if (project?.type !== 'REGULAR') throw new AppError('project_not_found', 'Project not found');
  if (project.status !== 'IN_PROGRESS' && project.status !== 'COMPLETE')
    throw new AppError('invalid_status_transition', 'Only a running contract is reported', undefined, {
      from: project.status,
      to: project.status,
    });
  return project;
}

/** The month must have begun and lie within the contract's period. */
async function checkMonth(db: DbOrTx, projectId: number, year: number, month: number, today: string) {
  const yearMonth = `${year}-${String(month).padStart(2, '0')}`;
  if (`${yearMonth}-01` > today) throw fieldError('month', 'end_date_in_future');
  const period = await contractPeriodOf(db, projectId);
  if (period && isMonthOutsidePeriod(yearMonth, period)) throw fieldError('month', 'outside_contract_period');
}

/**
 * GET /trans/regular-reports/form: every regular category, those not in the project disabled, with reported weights
 * and the draft the month's driver marks make.
 */
export async function regularReportForm(
  db: DbOrTx,
  companyId: number,
  projectId: number,
  year: number,
  month: number,
) {
  await ownRegularProject(db, companyId, projectId);
  const categories = await db
    .select({ id: wastes.id, name: wastes.name })
    .from(wastes)
    .where(eq(wastes.category, 'REGULAR'))
    .orderBy(asc(wastes.sortOrder), asc(wastes.wasteCode));
  const inProject = new Set(
    (
      await db
        .select({ wasteId: projectWasteLines.wasteId })
        .from(projectWasteLines)
        .where(eq(projectWasteLines.projectId, projectId))
    ).map((l) => l.wasteId),
  );
  const reported = await db
    .select({
      wasteId: regularReports.wasteId,
      volume: regularReports.volume,
      updatedAt: regularReports.updatedAt,
    })
    .from(regularReports)
    .where(
      and(
        eq(regularReports.projectId, projectId),
        eq(regularReports.year, year),
        eq(regularReports.month, month),
      ),
    );
  const volumeOf = new Map(reported.map((r) => [r.wasteId, Number(r.volume)]));
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const [collected] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(collections)
    .where(
      and(
        eq(collections.projectId, projectId),
        eq(collections.status, 'COLLECTED'),
        between(collections.date, first, datesOfMonth(year, month).at(-1) ?? first),
      ),
    );
  const drafts = await monthMarkDraft(db, projectId, year, month);
  return {
    projectId,
    year,
    month,
    collectedCount: collected?.n ?? 0,
    // The month's report is kept as its latest line is (each line is a row the retention rule holds).
    keptUntil: latestDate(
      ...reported.map((r) => keptUntil('regularReport', { year, month, updatedOn: tokyoDate(r.updatedAt) })),
    ),
    listVolume: categories.map((c) => ({
      category: c.id,
      categoryName: c.name,
      volume: volumeOf.get(c.id) ?? null,
      disabled: !inProject.has(c.id),
      // What the drivers' marks of the month hold, for the office to check before it reports.
      draft: drafts.get(c.id) ?? null,
    })),
  };
}

/**
 * POST /trans/regular-reports: the month's weight per category of the project; a repeat report replaces it. The
 * discharger is mailed the report (or its revision) in the same transaction; a report sent again unchanged (a second
 * click, a resend after a lost answer) is no news and is not mailed.
 */
export async function saveRegularReport(app: FastifyInstance, caller: Caller, input: RegularReportInput) {
  const { session } = caller;
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const project = await ownRegularProject(tx, caller.companyId, input.projectId, true);
    await checkMonth(tx, project.id, input.year, input.month, tokyoDate(now));
    const lines = await tx
      .select({ wasteId: projectWasteLines.wasteId })
      .from(projectWasteLines)
      .where(eq(projectWasteLines.projectId, project.id));
    const allowed = new Set(lines.map((l) => l.wasteId));
    input.listVolume.forEach((line, i) => {
      if (!allowed.has(line.category)) throw fieldError(`listVolume.${i}.category`, 'invalid_format');
    });
    const monthOf = and(
      eq(regularReports.projectId, project.id),
      eq(regularReports.year, input.year),
      eq(regularReports.month, input.month),
    );
    const earlier = new Map(
      (
        await tx
          .select({ wasteId: regularReports.wasteId, volume: regularReports.volume })
          .from(regularReports)
          .where(monthOf)
      ).map((r) => [r.wasteId, r.volume]),
    );
    for (const line of input.listVolume)
      await tx
        .insert(regularReports)
        .values({
          projectId: project.id,
          dischargerCompanyId: project.companyId,
          // The project was found by the caller's company: it is the transporter's.
          transportCompanyId: project.transportCompanyId!,
          wasteId: line.category,
          year: input.year,
          month: input.month,
          volume: line.volume.toFixed(2),
          createdBy: session.userId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [
            regularReports.projectId,
            regularReports.year,
            regularReports.month,
            regularReports.wasteId,
          ],
          set: { volume: line.volume.toFixed(2), updatedAt: now, createdBy: session.userId },
        });
    await recordAudit(tx, caller, {
      action: 'regular_report.save',
      entity: 'project',
      entityId: project.id,
      detail: { year: input.year, month: input.month, lines: input.listVolume.length },
    });
    if (input.listVolume.some((line) => earlier.get(line.category) !== line.volume.toFixed(2)))
      await mailRegularReport(app, tx, {
        dischargerCompanyId: project.companyId,
        projectId: project.id,
        projectTitle: project.title,
        year: input.year,
        month: input.month,
        revised: earlier.size > 0,
      });
  });
  return regularReportForm(app.db, caller.companyId, input.projectId, input.year, input.month);
}
