import type { IndustrialReportOptions } from '@junkan/shared/api/transport-reports';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { companies, disposalMethods, manifests, projects, projectWasteLines } from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { manifestFits } from './industrial-report-steps';
import { listUnits } from './transport-report-view';
import { transshipmentWindowsOf } from './valuables-flag';

const noLiveReport = sql`not exists (select 1 from transport_reports r
  where r.manifest_id = ${manifests.id} and r.deleted_at is null)`;

/**
 * What the transporter may report on: its industrial projects in progress, their industrial waste lines, the
 * registered manifests not reported yet that may be its projects', and the transshipment windows of each waste.
 */
async function reportableRows(db: DbOrTx, me: number) {
  const projectRows = await db
    .select({
      id: projects.id,
      title: projects.title,
      companyId: projects.companyId,
      companyName: companies.name,
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(
      and(
        eq(projects.transportCompanyId, me),
        eq(projects.type, 'INDUSTRIAL'),
        eq(projects.status, 'IN_PROGRESS'),
      ),
    )
    .orderBy(asc(projects.id));
  const projectIds = projectRows.map((p) => p.id);
  const dischargerIds = [...new Set(projectRows.map((p) => p.companyId))];
  const lines = projectIds.length
    ? await db
        .select({
          projectId: projectWasteLines.projectId,
          wasteId: projectWasteLines.wasteId,
          wasteName: projectWasteLines.wasteName,
        })
        .from(projectWasteLines)
        .where(
          and(inArray(projectWasteLines.projectId, projectIds), eq(projectWasteLines.kind, 'INDUSTRIAL')),
        )
        .orderBy(asc(projectWasteLines.sortOrder), asc(projectWasteLines.id))
    : [];
  const candidates = projectIds.length
    ? await db
        .select({
          manifestNumber: manifests.manifestNumber,
          projectId: manifests.projectId,
          dischargerCompanyId: manifests.dischargerCompanyId,
          transportCompanyId: manifests.transportCompanyId,
          wasteName: manifests.wasteName,
          deliveryDate: manifests.deliveryDate,
        })
        .from(manifests)
        .where(
          and(
            eq(manifests.networkStatus, 'REGISTERED'),
            or(
              inArray(manifests.projectId, projectIds),
              and(
                isNull(manifests.projectId),
                eq(manifests.transportCompanyId, me),
                inArray(manifests.dischargerCompanyId, dischargerIds),
              ),
            ),
            noLiveReport,
          ),
        )
        .orderBy(desc(manifests.deliveryDate), asc(manifests.manifestNumber))
    : [];
  const windows = await transshipmentWindowsOf(
    db,
    me,
    lines.flatMap((l) => (l.wasteId === null ? [] : [{ projectId: l.projectId, wasteId: l.wasteId }])),
  );
  return { projectRows, lines, candidates, windows };
}

/** Each project with its wastes (once each, in line order) and the manifests that fit it. */
function projectOptions(
  { projectRows, lines, candidates, windows }: Awaited<ReturnType<typeof reportableRows>>,
  me: number,
): IndustrialReportOptions['projects'] {
  return projectRows.map((p) => {
    const wastesOfProject = new Map<number, string>();
    for (const line of lines)
      if (line.projectId === p.id && line.wasteId !== null && !wastesOfProject.has(line.wasteId))
        wastesOfProject.set(line.wasteId, line.wasteName);
    return {
      id: p.id,
      title: p.title,
      dischargerId: p.companyId,
      dischargerName: p.companyName,
      wastes: [...wastesOfProject].map(([wasteId, wasteName]) => ({
        wasteId,
        wasteName,
        transshipmentPeriods: windows.get(p.id)?.get(wasteId) ?? [],
      })),
      manifests: candidates
        .filter((m) => manifestFits(m, p, me))
        .map((m) => ({
          manifestNumber: m.manifestNumber,
          wasteName: m.wasteName,
          deliveryDate: m.deliveryDate,
        })),
    };
  });
}

/** GET /trans/transport-reports/options: what the industrial report form chooses from. */
export async function industrialReportOptions(
  app: FastifyInstance,
  me: number,
): Promise<IndustrialReportOptions> {
  const rows = await reportableRows(app.db, me);
  return {
    today: tokyoDate(app.now()),
    projects: projectOptions(rows, me),
    units: await listUnits(app.db),
    disposalMethods: await app.db
      .select({ id: disposalMethods.id, method: disposalMethods.method })
      .from(disposalMethods)
      .orderBy(asc(disposalMethods.code)),
  };
}
