import {
  canTransitionProject,
  isQuoteRequestEditable,
  PROJECT_TAB_STATUSES,
  type ProjectActor,
  type ProjectDetail,
  type ProjectListItem,
  type ProjectListTab,
  type ProjectStatus,
  type QuoteRequest,
} from '@junkan/shared';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import {
  attachments,
  collectionAreaPostalCodes,
  companies,
  contracts,
  dischargeSites,
  offices,
  packingStyles,
  projectDischargeSites,
  projectStatusHistory,
  projects,
  projectWasteLines,
  quotes,
  unitMeasures,
  users,
  wastes,
} from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { type AuditSource, recordAudit } from '../../lib/audit';
import { operatorRole } from '../../lib/roles';
import type { Session } from '../../plugins/auth';
import { projectContract } from '../contracts/contracts.service';
import { projectQuote } from '../quotes/quotes.service';
import { mailCompany, projectDetailPath } from './project-mail';

const LIST_LIMIT = 200;

// ---- Lists -------------------------------------------------------------------------------------

/** Project table rows: a discharger's own projects, or the projects a transporter serves. */
export async function listProjects(db: DbOrTx, where: SQL | undefined): Promise<ProjectListItem[]> {
  const transport = alias(companies, 'transport_company');
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      type: projects.type,
      memo: projects.memo,
      createdAt: projects.createdAt,
      companyId: companies.id,
      companyName: companies.name,
      transportId: transport.id,
      transportName: transport.name,
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(transport, eq(transport.id, projects.transportCompanyId))
    .where(where)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    projectTitle: r.title,
    projectStatus: r.status as ProjectStatus,
    type: r.type,
    memo: r.memo,
    company: { id: r.companyId, name: r.companyName },
    transportCompany: r.transportId != null ? { id: r.transportId, name: r.transportName ?? '' } : null,
    createdDate: r.createdAt.toISOString(),
  }));
}

const tabCondition = (tab?: ProjectListTab) =>
  tab ? inArray(projects.status, [...PROJECT_TAB_STATUSES[tab]]) : undefined;

export function dischargerProjects(db: DbOrTx, companyId: number, tab?: ProjectListTab) {
  return listProjects(db, and(eq(projects.companyId, companyId), tabCondition(tab)));
}

export function transporterProjects(
  db: DbOrTx,
  transportCompanyId: number,
  dischargerId?: number,
  tab?: ProjectListTab,
) {
  const conditions = [transporterMaySee(transportCompanyId), tabCondition(tab)];
  if (dischargerId) conditions.push(eq(projects.companyId, dischargerId));
  return listProjects(db, and(...conditions));
}

// ---- Access ------------------------------------------------------------------------------------

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

/** Whether a transport company sees project `projectId` now (see `transporterMaySee`). */
export async function transporterSeesProject(db: DbOrTx, companyId: number, projectId: number) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), transporterMaySee(companyId)));
  return !!row;
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
 * The project `id` as the session may see it (a discharger its own company's, a transporter those it serves),
 * locked for update when `lock`; another company's project is 404, never its data.
 */
export async function projectFor(
  db: DbOrTx,
  session: Session,
  id: number,
  lock = false,
): Promise<ProjectRow> {
  const actor = actorOf(session);
  const companyId = session.companyId;
  if (!companyId) throw new AppError('project_not_found', 'Project not found');
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

// ---- Status transitions ------------------------------------------------------------------------

/**
 * The only way a project's status changes: checks the transition table, moves the status (only if no one
 * moved it meanwhile), and records the move (who, the acting admin, when, from, to, why) and an audit row.
 */
export async function transitionProject(
  tx: Tx,
  request: AuditSource,
  project: Pick<ProjectRow, 'id' | 'status'>,
  to: ProjectStatus,
  actor: ProjectActor,
  reason?: string | null,
  extra: Partial<typeof projects.$inferInsert> = {},
): Promise<void> {
  if (!canTransitionProject(project.status, to, actor))
    throw new AppError(
      'invalid_status_transition',
      `Cannot move a project from ${project.status} to ${to}`,
      undefined,
      {
        from: project.status,
        to,
      },
    );
  const moved = await tx
    .update(projects)
    .set({ ...extra, status: to, updatedAt: new Date() })
    .where(and(eq(projects.id, project.id), eq(projects.status, project.status)))
    .returning({ id: projects.id });
  if (moved.length === 0)
    throw new AppError('invalid_status_transition', 'The project status changed meanwhile', undefined, {
      from: project.status,
      to,
    });
  await tx.insert(projectStatusHistory).values({
    projectId: project.id,
    fromStatus: project.status,
    toStatus: to,
    userId: request.session?.userId ?? null,
    adminId: request.session?.adminId ?? null,
    reason: reason || null,
  });
  // A cancelled project's contract is cancelled with it.
  if (to === 'CANCEL')
    await tx
      .update(contracts)
      .set({ status: 'CANCELLED', updatedAt: new Date(), version: sql`${contracts.version} + 1` })
      .where(eq(contracts.projectId, project.id));
  await recordAudit(tx, request, {
    action: 'project.status',
    entity: 'project',
    entityId: project.id,
    detail: { from: project.status, to, ...(reason ? { reason } : {}) },
  });
  project.status = to;
}

// ---- Drafts ------------------------------------------------------------------------------------

/** Checks the request's office, sites and wastes (and units, packing) against the caller's company and masters. */
async function checkReferences(tx: Tx, companyId: number, input: QuoteRequest) {
  if (input.officeId != null) {
    const [office] = await tx
      .select({ id: offices.id })
      .from(offices)
      .where(and(eq(offices.id, input.officeId), eq(offices.companyId, companyId)));
    if (!office) throw fieldError('officeId', 'not_found');
  }
  const siteIds = [...new Set(input.dischargeSiteIds)];
  const sites = await tx
    .select({ id: dischargeSites.id })
    .from(dischargeSites)
    .where(and(inArray(dischargeSites.id, siteIds), eq(dischargeSites.companyId, companyId)));
  if (sites.length !== siteIds.length) throw fieldError('dischargeSiteIds', 'not_found');

  const wasteIds = input.lines.map((l) => l.wasteId);
  const wasteRows = await tx
    .select({ id: wastes.id, name: wastes.name, category: wastes.category })
    .from(wastes)
    .where(inArray(wastes.id, wasteIds));
  const byId = new Map(wasteRows.map((w) => [w.id, w]));
  input.lines.forEach((line, i) => {
    const waste = byId.get(line.wasteId);
    if (!waste) throw fieldError(`lines.${i}.wasteId`, 'not_found');
    if (waste.category !== input.type) throw fieldError(`lines.${i}.wasteId`, 'invalid_format');
  });

  const units = new Map<number, string>();
  if (input.type === 'INDUSTRIAL') {
    const unitIds = [...new Set(input.lines.map((l) => l.unitMeasureId))];
    const unitRows = await tx
      .select({ id: unitMeasures.id, unit: unitMeasures.unit })
      .from(unitMeasures)
      .where(inArray(unitMeasures.id, unitIds));
    for (const u of unitRows) units.set(u.id, u.unit);
    const packingIds = [...new Set(input.lines.map((l) => l.packingStyleId).filter((v): v is number => !!v))];
    const packingRows = packingIds.length
      ? await tx
          .select({ id: packingStyles.id })
          .from(packingStyles)
          .where(inArray(packingStyles.id, packingIds))
      : [];
    const packings = new Set(packingRows.map((p) => p.id));
    input.lines.forEach((line, i) => {
      if (!units.has(line.unitMeasureId)) throw fieldError(`lines.${i}.unitMeasureId`, 'not_found');
      if (line.packingStyleId && !packings.has(line.packingStyleId))
        throw fieldError(`lines.${i}.packingStyleId`, 'not_found');
    });
  }
  return { wasteNames: new Map(wasteRows.map((w) => [w.id, w.name])), units, siteIds };
}

/** Writes the request's sites and lines for project `projectId` (after removing any earlier ones). */
async function writeContent(tx: Tx, projectId: number, companyId: number, input: QuoteRequest) {
  const { wasteNames, units, siteIds } = await checkReferences(tx, companyId, input);
  await tx.delete(projectDischargeSites).where(eq(projectDischargeSites.projectId, projectId));
  await tx.delete(projectWasteLines).where(eq(projectWasteLines.projectId, projectId));
  await tx
    .insert(projectDischargeSites)
    .values(siteIds.map((dischargeSiteId) => ({ projectId, dischargeSiteId })));
  const decimal = (n: number | undefined | null) => (n == null ? null : n.toFixed(2));
  if (input.type === 'REGULAR') {
    await tx.insert(projectWasteLines).values(
      input.lines.map((line, i) => ({
        projectId,
        kind: 'REGULAR' as const,
        wasteId: line.wasteId,
        wasteName: wasteNames.get(line.wasteId) ?? '',
        monthlyCapacity: decimal(line.monthlyCapacity),
        bags: Object.fromEntries(Object.entries(line.bags).filter(([, n]) => (n ?? 0) > 0)) as Record<
          string,
          number
        >,
        frequency: 'WEEKLY',
        frequencyNumber: line.collectionCount,
        weekdays: [...line.weekdays].sort((a, b) => a - b),
        sortOrder: i,
      })),
    );
  } else {
    await tx.insert(projectWasteLines).values(
      input.lines.map((line, i) => ({
        projectId,
        kind: 'INDUSTRIAL' as const,
        wasteId: line.wasteId,
        wasteName: wasteNames.get(line.wasteId) ?? '',
        quantity: decimal(line.quantity),
        unitMeasureId: line.unitMeasureId,
        quantityUnit: units.get(line.unitMeasureId) ?? null,
        packingStyleId: line.packingStyleId ?? null,
        dimensions: line.dimensions || null,
        frequency: line.frequency,
        frequencyNumber: line.frequency === 'SPOT' ? null : (line.frequencyNumber ?? null),
        transTime: line.transTime || null,
        wasteDetails: line.wasteDetails || null,
        sortOrder: i,
      })),
    );
  }
}

const requireCompany = (session: Session) => {
  if (!session.companyId) throw new AppError('forbidden', 'Forbidden');
  return session.companyId;
};

/** POST /projects: a draft quote request (CREATING_QUOTE) of the caller's company. */
export async function createDraft(app: FastifyInstance, request: FastifyRequest, input: QuoteRequest) {
  const session = app.requireSession(request);
  const companyId = requireCompany(session);
  const id = await app.db.transaction(async (tx) => {
    const [project] = await tx
      .insert(projects)
      .values({
        title: input.projectTitle,
        status: 'CREATING_QUOTE',
        type: input.type,
        memo: input.memo || null,
        companyId,
        officeId: input.officeId ?? null,
        createdBy: session.userId,
      })
      .returning({ id: projects.id });
    if (!project) throw new AppError('server_error');
    await writeContent(tx, project.id, companyId, input);
    await tx.insert(projectStatusHistory).values({
      projectId: project.id,
      fromStatus: null,
      toStatus: 'CREATING_QUOTE',
      userId: session.userId,
      adminId: session.adminId ?? null,
    });
    await recordAudit(tx, request, { action: 'project.create', entity: 'project', entityId: project.id });
    return project.id;
  });
  return getProjectDetail(app.db, session, id);
}

/** PUT /projects/{id}: replaces a draft's content while it is still editable. */
export async function updateDraft(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  input: QuoteRequest,
) {
  const session = app.requireSession(request);
  if (actorOf(session) !== 'WASTE') throw new AppError('forbidden', 'Forbidden');
  await app.db.transaction(async (tx) => {
    const project = await projectFor(tx, session, id, true);
    if (!isQuoteRequestEditable(project.status))
      throw new AppError('invalid_status_transition', 'Only a draft can be edited', undefined, {
        from: project.status,
        to: project.status,
      });
    await tx
      .update(projects)
      .set({
        title: input.projectTitle,
        type: input.type,
        memo: input.memo || null,
        officeId: input.officeId ?? null,
        updatedAt: new Date(),
      })
      .where(eq(projects.id, id));
    await writeContent(tx, id, project.companyId, input);
    await recordAudit(tx, request, { action: 'project.update', entity: 'project', entityId: id });
  });
  return getProjectDetail(app.db, session, id);
}

// ---- Submit and cancel -------------------------------------------------------------------------

/** POST /projects/{id}/request-quote: sends a draft to the transporters; mails those serving its sites. */
export async function requestQuote(app: FastifyInstance, request: FastifyRequest, id: number) {
  const session = app.requireSession(request);
  const actor = actorOf(session);
  const project = await app.db.transaction(async (tx) => {
    const p = await projectFor(tx, session, id, true);
    if (p.type === 'INDUSTRIAL') {
      const [user] = await tx
        .select({ registrantNumber: users.registrantNumber, ediKey: users.ediKey })
        .from(users)
        .where(eq(users.id, session.userId));
      if (!user?.registrantNumber || !user.ediKey) throw new AppError('edi_key_required', 'EDI key required');
    }
    await transitionProject(tx, request, p, 'REQUEST_QUOTE', actor, null, { requestedAt: new Date() });
    return p;
  });
  await mailServingTransporters(app, project);
  return getProjectDetail(app.db, session, id);
}

/** POST /projects/{id}/cancel: cancels a request or contract the caller's side may still cancel. */
export async function cancelProject(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  reason: string | undefined,
) {
  const session = app.requireSession(request);
  const actor = actorOf(session);
  const { project, transporterIds } = await app.db.transaction(async (tx) => {
    const p = await projectFor(tx, session, id, true);
    // Read before the move: whom the request or contract had reached is decided by its state before CANCEL.
    const engaged = actor === 'WASTE' ? await engagedTransportCompanies(tx, p) : [];
    const before = { ...p };
    await transitionProject(tx, request, p, 'CANCEL', actor, reason);
    return { project: before, transporterIds: engaged };
  });
  await mailCancellation(app, project, actor, transporterIds, reason);
  return getProjectDetail(app.db, session, id);
}

/**
 * The transport companies a discharger's cancellation concerns: the one the project is handed to (a quote
 * awaiting acceptance, a contract in the making), and any that hold a quote for it (drafting or submitted).
 */
async function engagedTransportCompanies(tx: Tx, project: ProjectRow): Promise<number[]> {
  const ids = new Set<number>();
  if (project.transportCompanyId != null) ids.add(project.transportCompanyId);
  const quoted = await tx
    .select({ id: quotes.transportCompanyId })
    .from(quotes)
    .where(and(eq(quotes.projectId, project.id), inArray(quotes.status, ['DRAFT', 'SUBMITTED'])));
  for (const { id } of quoted) ids.add(id);
  return [...ids];
}

/** Every cancellation is a hand-off: the other side hears of it with the project's name, the reason and a link. */
async function mailCancellation(
  app: FastifyInstance,
  project: ProjectRow,
  actor: ProjectActor,
  transporterIds: number[],
  reason: string | undefined,
) {
  const reasonLines = reason ? [`理由: ${reason}`] : [];
  if (actor === 'TRANSPORT') {
    await mailCompany(app, project.companyId, 'WASTE', {
      subject: '【junkan】収集運搬業者が案件を取り消しました / A transporter cancelled a project',
      lines: ['収集運搬業者が案件を取り消しました。', `案件名: ${project.title}`, ...reasonLines],
      english: 'The transporter has cancelled this project.',
      path: projectDetailPath(project.id),
    });
    return;
  }
  for (const companyId of transporterIds)
    await mailCompany(app, companyId, 'TRANSPORT', {
      subject: '【junkan】排出事業者が案件を取り消しました / A discharger cancelled a project',
      lines: ['排出事業者が案件を取り消しました。', `案件名: ${project.title}`, ...reasonLines],
      english: 'The discharger has cancelled this project.',
      path: projectDetailPath(project.id),
    });
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
  const codes = new Set<string>();
  for (const { postalCode } of sites) {
    const digits = postalCode.replace(/\D/g, '');
    codes.add(postalCode);
    codes.add(digits);
    if (digits.length === 7) codes.add(`${digits.slice(0, 3)}-${digits.slice(3)}`);
  }
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

async function mailServingTransporters(app: FastifyInstance, project: ProjectRow) {
  const companyIds = await servingTransportCompanies(app.db, project.id, project.type);
  if (companyIds.length === 0) return;
  const recipients = await app.db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.companyId, companyIds),
        eq(users.role, 'TRANSPORT'),
        eq(users.enabled, true),
        isNull(users.deletedAt),
      ),
    );
  const link = `${app.config.publicUrl}/sys/project-managment/detail/${project.id}`;
  for (const { email } of recipients) {
    await app.mailer.send({
      to: email,
      subject: '【junkan】見積依頼が届きました / New quote request',
      text: [
        '担当エリアの排出事業者から見積依頼が届きました。',
        `案件名: ${project.title}`,
        '',
        link,
        '',
        'A discharger in your collection area has requested a quote.',
      ].join('\n'),
    });
  }
}

// ---- Detail ------------------------------------------------------------------------------------

const num = (v: string | null) => (v == null ? null : Number(v));

/** GET /projects/{id}: the project as the session may see it. */
export async function getProjectDetail(db: DbOrTx, session: Session, id: number): Promise<ProjectDetail> {
  await projectFor(db, session, id);
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
      address: [s.address1, s.address2, s.address3].filter(Boolean).join(''),
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
    quote: await projectQuote(db, p.id, p.transportCompanyId),
    contract: await projectContract(db, p.id, actorOf(session)),
  };
}
