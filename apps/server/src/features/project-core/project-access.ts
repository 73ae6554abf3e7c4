/**
 * What every project feature needs about access: who may see a project, and which transporters serve it.
 * Features (projects, quotes, contracts, attachments) depend on this module, never on each other.
 */

import type { ProjectStatus } from '@junkan/shared/enums';
import type { ProjectActor } from '@junkan/shared/project-status';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  collectionAreaPostalCodes,
  companies,
  dischargeSites,
  projectDischargeSites,
  projects,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller, Session } from '../../plugins/auth';
import { operatorRole } from '../../plugins/auth';

/**
 * The one rule of what a transport company may see (issue 4): the projects it serves
 * (`transport_company_id`), and the open quote requests (REQUEST_QUOTE, no transporter yet) having a discharge
 * site whose postal code lies in one of its collection areas of the project's type. A condition on `projects`.
 */
export function transporterMaySee(companyId: number): SQL {
  const openInArea = sql`(${projects.status} = 'REQUEST_QUOTE' and ${projects.transportCompanyId} is null and exists (
    select 1 from ${projectDischargeSites}
    join ${dischargeSites} on ${dischargeSites.id} = ${projectDischargeSites.dischargeSiteId}
    join ${collectionAreaPostalCodes}
      on replace(${collectionAreaPostalCodes.posCode}, '-', '') = replace(${dischargeSites.postalCode}, '-', '')
     and ${collectionAreaPostalCodes.type} = ${projects.type}
     and ${collectionAreaPostalCodes.transportCompanyId} = ${companyId}
    where ${projectDischargeSites.projectId} = ${projects.id}))`;
  return or(eq(projects.transportCompanyId, companyId), openInArea)!;
}

export interface ProjectRow {
  id: number;
  status: ProjectStatus;
  type: 'REGULAR' | 'INDUSTRIAL';
  title: string;
  companyId: number;
  transportCompanyId: number | null;
}

/** The side a session acts on: the discharger, or the transporter. */
export function actorOf(session: Session): ProjectActor {
  const role = operatorRole(session);
  if (role === 'WASTE' || role === 'TRANSPORT') return role;
  throw new AppError('forbidden', 'Forbidden');
}

/**
 * The project `id` as the caller's company may see it (a discharger its own, a transporter those it serves), locked
 * for update when `lock`; another company's project is 404, never its data, and so is every project to an
 * administrator acting for no operator (a read scoped to no company).
 */
export async function projectFor(db: DbOrTx, caller: Caller, id: number, lock = false): Promise<ProjectRow> {
  const actor = operatorRole(caller.session);
  if (actor === 'ADMIN') throw new AppError('project_not_found', 'Project not found');
  const { companyId } = caller;
  const owner = actor === 'WASTE' ? eq(projects.companyId, companyId) : transporterMaySee(companyId);
  const query = db
    .select({
      id: projects.id,
      status: projects.status,
      type: projects.type,
      title: projects.title,
      companyId: projects.companyId,
      transportCompanyId: projects.transportCompanyId,
    })
    .from(projects)
    .where(and(eq(projects.id, id), owner));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('project_not_found', 'Project not found');
  return { ...row, status: row.status as ProjectStatus };
}

/** A postal code as areas may hold it: as written, digits only, and 123-4567. */
function postalCodeForms(postalCode: string): string[] {
  const digits = postalCode.replace(/\D/g, '');
  const forms = new Set([postalCode, digits]);
  if (digits.length === 7) forms.add(`${digits.slice(0, 3)}-${digits.slice(3)}`);
  return [...forms];
}

/**
 * Whether an approved transport company's collection areas (of the project's type) still hold the postal
 * code of a discharge site: the same rule as `servingTransportCompanies`, for one company and one site.
 */
export async function transporterServesSite(
  db: DbOrTx,
  transportCompanyId: number,
  type: 'REGULAR' | 'INDUSTRIAL',
  postalCode: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: collectionAreaPostalCodes.transportCompanyId })
    .from(collectionAreaPostalCodes)
    .innerJoin(companies, eq(companies.id, collectionAreaPostalCodes.transportCompanyId))
    .where(
      and(
        eq(collectionAreaPostalCodes.transportCompanyId, transportCompanyId),
        eq(collectionAreaPostalCodes.type, type),
        inArray(collectionAreaPostalCodes.posCode, postalCodeForms(postalCode)),
        eq(companies.approvalStatus, 'APPROVED'),
      ),
    )
    .limit(1);
  return !!row;
}

/** Transport companies whose collection areas (of the project's type) hold a postal code of its sites. */
export async function servingTransportCompanies(
  db: DbOrTx,
  projectId: number,
  type: 'REGULAR' | 'INDUSTRIAL',
) {
  const sites = await db
    .select({ postalCode: dischargeSites.postalCode })
    .from(projectDischargeSites)
    .innerJoin(dischargeSites, eq(dischargeSites.id, projectDischargeSites.dischargeSiteId))
    .where(eq(projectDischargeSites.projectId, projectId));
  const codes = new Set(sites.flatMap(({ postalCode }) => postalCodeForms(postalCode)));
  if (codes.size === 0) return [];
  const rows = await db
    .selectDistinct({ id: collectionAreaPostalCodes.transportCompanyId })
    .from(collectionAreaPostalCodes)
    .innerJoin(companies, eq(companies.id, collectionAreaPostalCodes.transportCompanyId))
    .where(
      and(
        eq(collectionAreaPostalCodes.type, type),
        inArray(collectionAreaPostalCodes.posCode, [...codes]),
        // A company awaiting approval hears of no request (issue 5).
        eq(companies.approvalStatus, 'APPROVED'),
      ),
    );
  return rows.map((r) => r.id);
}
