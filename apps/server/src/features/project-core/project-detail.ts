import type { ProjectDetail } from '@junkan/shared/api/projects';
import type { ProjectStatus } from '@junkan/shared/enums';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  attachments,
  companies,
  dischargeSites,
  offices,
  packingStyles,
  projectDischargeSites,
  projectStatusHistory,
  projects,
  projectWasteLines,
  unitMeasures,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { siteAddress } from '../../lib/site-address';
import type { Caller } from '../../plugins/auth';
import { projectCoverageFor } from '../permit-core/project-coverage';
import { actorOf, projectFor, servingTransportCompanies } from './project-access';
import { projectContract } from './project-contract';
import { projectQuote } from './project-quote';

/** Where a project's detail page is in the web app (the spec's spelling of the path). */
export const projectDetailPath = (projectId: number) => `/project-managment/detail/${projectId}`;

const num = (v: string | null) => (v == null ? null : Number(v));

/** GET /projects/{id}: the project as the caller's company may see it. */
/** `today`: the Japan date of the business clock (quote expiry, permits, coverage). */
export async function getProjectDetail(
  db: DbOrTx,
  caller: Caller,
  id: number,
  today: string,
): Promise<ProjectDetail> {
  await projectFor(db, caller, id);
  const transport = alias(companies, 'transport_company');
  const [row] = await db
    .select({
      project: projects,
      company: companies,
      transportId: transport.id,
      transportName: transport.name,
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(transport, eq(transport.id, projects.transportCompanyId))
    .where(eq(projects.id, id));
  if (!row) throw new AppError('project_not_found', 'Project not found');
  const p = row.project;
  const [office] = p.officeId ? await db.select().from(offices).where(eq(offices.id, p.officeId)) : [];
  const sites = await db
    .select({ site: dischargeSites })
    .from(projectDischargeSites)
    .innerJoin(dischargeSites, eq(dischargeSites.id, projectDischargeSites.dischargeSiteId))
    .where(eq(projectDischargeSites.projectId, id))
    .orderBy(asc(dischargeSites.id));
  const lines = await db
    .select({ line: projectWasteLines, unit: unitMeasures.unit, packing: packingStyles.style })
    .from(projectWasteLines)
    .leftJoin(unitMeasures, eq(unitMeasures.id, projectWasteLines.unitMeasureId))
    .leftJoin(packingStyles, eq(packingStyles.id, projectWasteLines.packingStyleId))
    .where(eq(projectWasteLines.projectId, id))
    .orderBy(asc(projectWasteLines.sortOrder), asc(projectWasteLines.id));
  const files = await db
    .select({
      id: attachments.id,
      fileName: attachments.fileName,
      mimeType: attachments.mimeType,
      size: attachments.size,
      createdAt: attachments.createdAt,
    })
    .from(attachments)
    .where(and(eq(attachments.ownerType, 'PROJECT'), eq(attachments.ownerId, id)))
    .orderBy(asc(attachments.id));
  const history = await db
    .select()
    .from(projectStatusHistory)
    .where(eq(projectStatusHistory.projectId, id))
    .orderBy(asc(projectStatusHistory.createdAt), asc(projectStatusHistory.id));

  const waste = (l: typeof projectWasteLines.$inferSelect) => ({ id: l.wasteId ?? 0, name: l.wasteName });
  const actor = actorOf(caller.session);
  const contract = await projectContract(db, p.id, actor, today);
  const status = p.status as ProjectStatus;
  return {
    id: p.id,
    projectTitle: p.title,
    projectStatus: p.status as ProjectStatus,
    type: p.type,
    memo: p.memo,
    company: {
      id: row.company.id,
      name: row.company.name,
      address: row.company.address,
      contractPic: row.company.contractPic,
    },
    transportCompany: row.transportId != null ? { id: row.transportId, name: row.transportName ?? '' } : null,
    office: office
      ? {
          id: office.id,
          name: office.name,
          posCode: office.postalCode,
          tel: office.tel,
          address: office.address,
          email: office.email,
        }
      : null,
    discharges: sites.map(({ site: s }) => ({
      id: s.id,
      discharges: s.name,
      posCode: s.postalCode,
      address: siteAddress(s),
      pic: s.pic,
      tel: s.tel,
      email: s.email,
    })),
    pwasteRegulars: lines
      .filter(({ line }) => line.kind === 'REGULAR')
      .map(({ line: l }) => ({
        id: l.id,
        waste: waste(l),
        monthlyCapacity: num(l.monthlyCapacity),
        bags: l.bags ?? {},
        collectionCount: l.frequencyNumber,
        weekdays: l.weekdays ?? [],
      })),
    pwasteIndustries: lines
      .filter(({ line }) => line.kind === 'INDUSTRIAL')
      .map(({ line: l, unit, packing }) => ({
        id: l.id,
        waste: waste(l),
        quantity: num(l.quantity),
        measureUnit: l.unitMeasureId != null ? { id: l.unitMeasureId, unit: unit ?? '' } : null,
        packing: l.packingStyleId != null ? { id: l.packingStyleId, style: packing ?? '' } : null,
        dimensions: l.dimensions,
        frequency: (l.frequency as 'WEEKLY' | 'MONTHLY' | 'SPOT' | null) ?? null,
        frequencyNumber: l.frequencyNumber,
        transTime: l.transTime,
        wasteDetails: l.wasteDetails,
      })),
    attachments: files.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    history: history.map((h) => ({
      fromStatus: (h.fromStatus as ProjectStatus | null) ?? null,
      toStatus: h.toStatus as ProjectStatus,
      reason: h.reason,
      createdAt: h.createdAt.toISOString(),
    })),
    createdDate: p.createdAt.toISOString(),
    requestedDate: p.requestedAt?.toISOString() ?? null,
    quote: await projectQuote(db, p.id, p.transportCompanyId, today),
    contract,
    permitCoverage: await projectCoverageFor(db, {
      project: { id: p.id, type: p.type, status, transportCompanyId: p.transportCompanyId },
      actor,
      viewerCompanyId: caller.companyId,
      contract,
      today,
    }),
    collectionAreaSupported:
      status === 'CREATING_QUOTE' && actor === 'WASTE'
        ? (await servingTransportCompanies(db, p.id, p.type)).length > 0
        : null,
  };
}
