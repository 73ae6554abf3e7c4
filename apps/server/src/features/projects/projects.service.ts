import type { QuoteRequest } from '@junkan/shared/api/projects';
import type { ProjectStatus } from '@junkan/shared/enums';
import { isQuoteRequestEditable, type ProjectActor } from '@junkan/shared/project-status';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { projectStatusHistory, projects, quotes, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { mailCompany } from '../../plugins/mail';
import {
  actorOf,
  type ProjectRow,
  projectFor,
  servingTransportCompanies,
} from '../project-core/project-access';
import { getProjectDetail, projectDetailPath } from '../project-core/project-detail';
import { transitionProject } from '../project-core/project-status';
import { writeContent } from './request-content';

// A discharger's quote request: the draft, sending it to the area's transporters, and cancelling. The lists are
// project-list.ts.

// ---- Drafts ------------------------------------------------------------------------------------

/** POST /projects: a draft quote request (CREATING_QUOTE) of the caller's company. */
export async function createDraft(app: FastifyInstance, caller: Caller, input: QuoteRequest) {
  const id = await app.db.transaction((tx) => insertDraft(tx, caller, input, app.now()));
  return getProjectDetail(app.db, caller, id, tokyoDate(app.now()));
}

/**
 * Writes a draft quote request of the caller's company with its sites, lines and first status step; returns its
 * id. `at` is its creation time: now, except for the demo data, whose requests were made in the past.
 */
export async function insertDraft(tx: Tx, caller: Caller, input: QuoteRequest, at: Date): Promise<number> {
  const { session, companyId } = caller;
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
      createdAt: at,
      updatedAt: at,
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
    createdAt: at,
  });
  await recordAudit(tx, caller, { action: 'project.create', entity: 'project', entityId: project.id, at });
  return project.id;
}

/** PUT /projects/{id}: replaces a draft's content while it is still editable. */
export async function updateDraft(app: FastifyInstance, caller: Caller, id: number, input: QuoteRequest) {
  const { session } = caller;
  if (actorOf(session) !== 'WASTE') throw new AppError('forbidden', 'Forbidden');
  await app.db.transaction(async (tx) => {
    const project = await projectFor(tx, caller, id, true);
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
        updatedAt: app.now(),
      })
      .where(eq(projects.id, id));
    await writeContent(tx, id, project.companyId, input);
    await recordAudit(tx, caller, { action: 'project.update', entity: 'project', entityId: id });
  });
  return getProjectDetail(app.db, caller, id, tokyoDate(app.now()));
}

// ---- Submit and cancel -------------------------------------------------------------------------

/** POST /projects/{id}/request-quote: sends a draft to the transporters; mails those serving its sites. */
export async function requestQuote(app: FastifyInstance, caller: Caller, id: number) {
  const { session } = caller;
  const actor = actorOf(session);
  const project = await app.db.transaction(async (tx) => {
    const p = await projectFor(tx, caller, id, true);
    if (p.type === 'INDUSTRIAL') {
      const [user] = await tx
        .select({ registrantNumber: users.registrantNumber, ediKey: users.ediKey })
        .from(users)
        .where(eq(users.id, session.userId));
      if (!user?.registrantNumber || !user.ediKey) throw new AppError('edi_key_required', 'EDI key required');
    }
    const now = app.now();
    await transitionProject(tx, caller, p, 'REQUEST_QUOTE', actor, now, null, { requestedAt: now });
    // A request no transporter's collection area holds would wait for a quote forever.
    if ((await servingTransportCompanies(tx, p.id, p.type)).length === 0)
      throw new AppError('collection_area_not_supported', 'No transporter serves the discharge sites', {
        dischargeSiteIds: 'collection_area_not_supported',
      });
    return p;
  });
  await mailServingTransporters(app, project);
  return getProjectDetail(app.db, caller, id, tokyoDate(app.now()));
}

/** POST /projects/{id}/cancel: cancels a request or contract the caller's side may still cancel. */
export async function cancelProject(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  reason: string | undefined,
) {
  const { session } = caller;
  const actor = actorOf(session);
  const { project, transporterIds } = await app.db.transaction(async (tx) => {
    const p = await projectFor(tx, caller, id, true);
    // Read before the move: whom the request or contract had reached is decided by its state before CANCEL.
    const engaged = actor === 'WASTE' ? await engagedTransportCompanies(tx, p) : [];
    const before = { ...p };
    await transitionProject(tx, caller, p, 'CANCEL', actor, app.now(), reason);
    return { project: before, transporterIds: engaged };
  });
  await mailCancellation(app, project, actor, transporterIds, reason);
  return getProjectDetail(app.db, caller, id, tokyoDate(app.now()));
}

/** The statuses in which the request is out to the area's transporters (each was mailed it when it was sent). */
const REQUEST_SENT: readonly ProjectStatus[] = ['REQUEST_QUOTE', 'COMPLETE_QUOTE'];

/**
 * The transport companies a discharger's cancellation concerns: while the request is out, every transporter it
 * was sent to (those serving its sites, as `requestQuote` mails them), quoted or not; the one the project is
 * handed to (a quote awaiting acceptance, a contract in the making); and any that hold a quote for it.
 */
async function engagedTransportCompanies(tx: Tx, project: ProjectRow): Promise<number[]> {
  const ids = new Set<number>();
  if (REQUEST_SENT.includes(project.status))
    for (const id of await servingTransportCompanies(tx, project.id, project.type)) ids.add(id);
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

async function mailServingTransporters(app: FastifyInstance, project: ProjectRow) {
  const companyIds = await servingTransportCompanies(app.db, project.id, project.type);
  await mailCompany(app, companyIds, 'TRANSPORT', {
    subject: '【junkan】見積依頼が届きました / New quote request',
    lines: ['担当エリアの排出事業者から見積依頼が届きました。', `案件名: ${project.title}`],
    english: 'A discharger in your collection area has requested a quote.',
    path: projectDetailPath(project.id),
  });
}
