/**
 * Evidence packs (issue 15): a discharger, or a transporter for its side, asks for one ZIP of a project's or a
 * period's records; it is built in the background (`evidence-pack-build.ts`) and listed with its progress until it
 * can be downloaded. An acting admin works as the company it acts for. Another company's pack, or this company's
 * pack of the other side, is not found.
 */

import type {
  EvidencePack,
  EvidencePackProject,
  EvidencePackScopeValues,
  evidencePackListQuerySchema,
} from '@junkan/shared/api/evidence-packs';
import { EVIDENCE_PACK_MAX_OPEN } from '@junkan/shared/rules/evidence-pack';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { companies, evidencePacks, projects, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';
import { operatorRole } from '../../plugins/auth';
import { EVIDENCE_PACK_QUEUE, packFileName } from './evidence-pack-build';
import { type PackRow, packableProject, packProjects } from './evidence-pack-contents';

type ListQuery = z.output<typeof evidencePackListQuerySchema>;

/** The side and company a pack call acts for: the operator's own (an acting admin's operator). */
export function packOwnerOf(caller: Caller): { side: 'WASTE' | 'TRANSPORT'; companyId: number } {
  const role = operatorRole(caller.session);
  if (role !== 'WASTE' && role !== 'TRANSPORT') throw new AppError('forbidden', 'Forbidden');
  return { side: role, companyId: caller.companyId };
}

const ownPack = (owner: ReturnType<typeof packOwnerOf>) =>
  and(eq(evidencePacks.companyId, owner.companyId), eq(evidencePacks.side, owner.side))!;

async function toPacks(db: DbOrTx, rows: PackRow[]): Promise<EvidencePack[]> {
  const userIds = [...new Set(rows.map((r) => r.requestedBy))];
  const projectIds = [...new Set(rows.map((r) => r.projectId).filter((id): id is number => id !== null))];
  const [names, titles] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, userName: users.userName, email: users.email })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    projectIds.length
      ? db
          .select({ id: projects.id, title: projects.title })
          .from(projects)
          .where(inArray(projects.id, projectIds))
      : [],
  ]);
  return rows.map((r) => {
    const user = names.find((u) => u.id === r.requestedBy);
    return {
      id: r.id,
      scope: r.scope,
      projectId: r.projectId,
      projectTitle: titles.find((p) => p.id === r.projectId)?.title ?? null,
      from: r.periodFrom,
      to: r.periodTo,
      status: r.status,
      itemsDone: r.itemsDone,
      itemsTotal: r.itemsTotal,
      size: r.size,
      fileName: packFileName(r),
      requestedBy: user?.userName || user?.email || '',
      errorCode: r.errorCode,
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      expiresAt: r.status === 'READY' ? (r.expiresAt?.toISOString() ?? null) : null,
    };
  });
}

async function packOf(db: DbOrTx, caller: Caller, id: number): Promise<PackRow> {
  const [row] = await db
    .select()
    .from(evidencePacks)
    .where(and(eq(evidencePacks.id, id), ownPack(packOwnerOf(caller))));
  if (!row) throw new AppError('evidence_pack_not_found', 'Evidence pack not found');
  return row;
}

/** GET /evidence-packs: the company's packs of this side, newest first. */
export async function listEvidencePacks(app: FastifyInstance, caller: Caller, query: ListQuery) {
  const where = ownPack(packOwnerOf(caller));
  const order = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    app.db
      .select()
      .from(evidencePacks)
      .where(where)
      .orderBy(order(evidencePacks.createdAt), order(evidencePacks.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    app.db.select({ total: count() }).from(evidencePacks).where(where),
  ]);
  return { items: await toPacks(app.db, rows), total: total?.total ?? 0, page: query.page, size: query.size };
}

export async function getEvidencePack(app: FastifyInstance, caller: Caller, id: number) {
  const [pack] = await toPacks(app.db, [await packOf(app.db, caller, id)]);
  return pack!;
}

/**
 * POST /evidence-packs: checks the scope (the project is the side's own, or the period holds records of its
 * projects), then writes the pack QUEUED and its build job in one transaction. A company has at most
 * EVIDENCE_PACK_MAX_OPEN packs queued or building at once.
 */
export async function requestEvidencePack(
  app: FastifyInstance,
  caller: Caller,
  input: EvidencePackScopeValues,
): Promise<EvidencePack> {
  const owner = packOwnerOf(caller);
  const row = await app.db.transaction(async (tx) => {
    // One company's requests one at a time, so two at once cannot both pass the open-pack limit.
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, owner.companyId))
      .for('update');
    const [open] = await tx
      .select({ n: count() })
      .from(evidencePacks)
      .where(and(ownPack(owner), inArray(evidencePacks.status, ['QUEUED', 'BUILDING'])));
    if ((open?.n ?? 0) >= EVIDENCE_PACK_MAX_OPEN)
      throw new AppError('evidence_pack_too_many_open', 'Too many packs being built');
    const values = {
      companyId: owner.companyId,
      side: owner.side,
      scope: input.scope,
      projectId: input.scope === 'PROJECT' ? input.projectId : null,
      periodFrom: input.scope === 'PERIOD' ? input.from : null,
      periodTo: input.scope === 'PERIOD' ? input.to : null,
      requestedBy: caller.session.userId,
      actingAdminId: caller.session.adminId ?? null,
    };
    const inScope = await packProjects(tx, values);
    if (input.scope === 'PROJECT' && inScope.length === 0)
      throw new AppError('project_not_found', 'Project not found');
    if (inScope.length === 0)
      throw new AppError('evidence_pack_nothing_in_scope', 'No records in the period', {
        from: 'evidence_pack_nothing_in_scope',
      });
    const [created] = await tx
      .insert(evidencePacks)
      .values({ ...values, createdAt: app.now(), updatedAt: app.now() })
      .returning();
    await app.jobs.send(
      EVIDENCE_PACK_QUEUE,
      { packId: created!.id },
      { singletonKey: String(created!.id), tx },
    );
    await recordAudit(tx, caller, {
      action: 'evidence_pack.request',
      entity: 'evidence_pack',
      entityId: created!.id,
      detail: { side: owner.side, scope: input, projects: inScope.length },
    });
    return created!;
  });
  app.jobs.wake(EVIDENCE_PACK_QUEUE);
  const [pack] = await toPacks(app.db, [row]);
  return pack!;
}

/** GET /evidence-packs/{id}/file: the ZIP of a ready pack, streamed from the storage. */
export async function openEvidencePackFile(app: FastifyInstance, caller: Caller, id: number) {
  const pack = await packOf(app.db, caller, id);
  if (
    pack.status !== 'READY' ||
    !pack.storageDriver ||
    !pack.storageKey ||
    (pack.expiresAt && pack.expiresAt <= app.now())
  )
    throw new AppError('evidence_pack_not_ready', 'The pack is not ready');
  const object = await app.files.get({ driver: pack.storageDriver, key: pack.storageKey });
  if (!object) throw new AppError('evidence_pack_not_ready', 'The pack file is gone');
  return {
    fileName: packFileName(pack),
    mimeType: 'application/zip',
    content: object.stream,
    size: object.size,
  };
}

/** GET /evidence-packs/projects: the projects of this side a pack can be made of (first 100 by keyword). */
export async function listPackableProjects(
  app: FastifyInstance,
  caller: Caller,
  keyword: string | undefined,
): Promise<EvidencePackProject[]> {
  const owner = packOwnerOf(caller);
  const counterpart = alias(companies, 'counterpart');
  const conditions: SQL[] = [packableProject(owner.side, owner.companyId)];
  if (keyword) conditions.push(ilike(projects.title, containsPattern(keyword)));
  const rows = await app.db
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      counterpartName: counterpart.name,
    })
    .from(projects)
    .leftJoin(
      counterpart,
      eq(counterpart.id, owner.side === 'WASTE' ? projects.transportCompanyId : projects.companyId),
    )
    .where(and(...conditions))
    .orderBy(desc(projects.id))
    .limit(100);
  return rows;
}
