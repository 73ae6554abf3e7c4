import { wasteKindIdOf } from '@junkan/shared/rules/manifest-agreement';
import {
  type DayWindow,
  isValuablesWithoutTransshipment,
  prefectureOfAddress,
  transshipmentWindows,
} from '@junkan/shared/rules/valuables-transshipment';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  dischargeSites,
  disposalSites,
  projectDischargeSites,
  transportOperatorProfiles,
  wastes,
} from '../../db/schema';
import { coveragePermitsOf } from '../permit-core/permit-records';

/**
 * The route of a transporter's projects as the valuables rule reads it (valuables-transshipment.ts): the
 * prefectures of each project's discharge sites and of the transporter's destination disposal site.
 */
async function routeDistrictsOf(
  db: DbOrTx,
  transporterId: number,
  projectIds: readonly number[],
): Promise<Map<number, string[]>> {
  const sites = projectIds.length
    ? await db
        .select({ projectId: projectDischargeSites.projectId, address: dischargeSites.address1 })
        .from(projectDischargeSites)
        .innerJoin(dischargeSites, eq(dischargeSites.id, projectDischargeSites.dischargeSiteId))
        .where(inArray(projectDischargeSites.projectId, [...projectIds]))
    : [];
  const [destination] = await db
    .select({
      city: disposalSites.city,
      address1: disposalSites.address1,
      address2: disposalSites.address2,
    })
    .from(transportOperatorProfiles)
    .innerJoin(disposalSites, eq(disposalSites.id, transportOperatorProfiles.destinationDisposalSiteId))
    .where(eq(transportOperatorProfiles.companyId, transporterId));
  const unloading = destination
    ? (prefectureOfAddress(`${destination.address1}${destination.address2}`) ??
      prefectureOfAddress(destination.city))
    : null;
  const out = new Map<number, string[]>();
  for (const id of projectIds) {
    const loading = sites.filter((s) => s.projectId === id).map((s) => prefectureOfAddress(s.address));
    out.set(
      id,
      [...loading, unloading].filter((p): p is string => p !== null),
    );
  }
  return out;
}

/** The major class of each waste, by id. */
async function kindIdsOf(db: DbOrTx, wasteIds: readonly number[]): Promise<Map<number, number>> {
  if (wasteIds.length === 0) return new Map();
  const rows = await db
    .select({ id: wastes.id, parentPath: wastes.parentPath })
    .from(wastes)
    .where(inArray(wastes.id, [...wasteIds]));
  return new Map(rows.map((r) => [r.id, wasteKindIdOf(r)]));
}

/**
 * When each project's route has transshipment storage for each of its wastes, under the transporter's permits:
 * `windows.get(projectId)?.get(wasteId)`. The report form and the saved report read the same windows.
 */
export async function transshipmentWindowsOf(
  db: DbOrTx,
  transporterId: number,
  lines: readonly { projectId: number; wasteId: number }[],
): Promise<Map<number, Map<number, DayWindow[]>>> {
  const projectIds = [...new Set(lines.map((l) => l.projectId))];
  // One after another: the caller's transaction has one connection.
  const permits = await coveragePermitsOf(db, transporterId);
  const routes = await routeDistrictsOf(db, transporterId, projectIds);
  const kinds = await kindIdsOf(db, [...new Set(lines.map((l) => l.wasteId))]);
  const out = new Map<number, Map<number, DayWindow[]>>();
  for (const { projectId, wasteId } of lines) {
    const byWaste = out.get(projectId) ?? new Map<number, DayWindow[]>();
    byWaste.set(
      wasteId,
      transshipmentWindows(permits, routes.get(projectId) ?? [], kinds.get(wasteId) ?? null),
    );
    out.set(projectId, byWaste);
  }
  return out;
}

/** Whether a report's valuables were collected on a day its route had no transshipment storage. */
export async function isReportValuablesWithoutTransshipment(
  db: DbOrTx,
  report: {
    transporterId: number;
    projectId: number;
    wasteId: number;
    valuablesCollected: number | null;
    endDateTransport: string;
  },
): Promise<boolean> {
  if (!report.valuablesCollected || report.valuablesCollected <= 0) return false;
  const windows = await transshipmentWindowsOf(db, report.transporterId, [report]);
  return isValuablesWithoutTransshipment(
    report.valuablesCollected,
    windows.get(report.projectId)?.get(report.wasteId) ?? [],
    report.endDateTransport,
  );
}
