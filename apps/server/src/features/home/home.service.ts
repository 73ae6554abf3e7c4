import type { ProjectListItem } from '@junkan/shared';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { companies, inquiries, notices, projects, updateInfos } from '../../db/schema';

const HOME_LIMIT = 200;

/** Home project table: a discharger's own projects, or the projects a transporter serves. */
export async function listProjects(app: FastifyInstance, where: SQL | undefined): Promise<ProjectListItem[]> {
  const transport = alias(companies, 'transport_company');
  const rows = await app.db
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
    .limit(HOME_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    projectTitle: r.title,
    projectStatus: r.status as ProjectListItem['projectStatus'],
    type: r.type,
    memo: r.memo,
    company: { id: r.companyId, name: r.companyName },
    transportCompany: r.transportId != null ? { id: r.transportId, name: r.transportName ?? '' } : null,
    createdDate: r.createdAt.toISOString(),
  }));
}

export function dischargerProjects(app: FastifyInstance, companyId: number) {
  return listProjects(app, eq(projects.companyId, companyId));
}

export function transporterProjects(app: FastifyInstance, transportCompanyId: number, dischargerId?: number) {
  const conditions = [eq(projects.transportCompanyId, transportCompanyId)];
  if (dischargerId) conditions.push(eq(projects.companyId, dischargerId));
  return listProjects(app, and(...conditions));
}

export async function listNotices(app: FastifyInstance) {
  const rows = await app.db.select().from(notices).orderBy(desc(notices.date), desc(notices.id)).limit(50);
  return rows.map((n) => ({
    id: n.id,
    importance: n.importance as 'BLANK',
    date: n.date,
    subject: n.subject,
    content: n.content,
  }));
}

export async function listUpdateInfos(app: FastifyInstance) {
  const rows = await app.db
    .select()
    .from(updateInfos)
    .orderBy(desc(updateInfos.date), desc(updateInfos.id))
    .limit(50);
  return rows.map((u) => ({ id: u.id, date: u.date, content: u.content }));
}

export async function listCompanyInquiries(app: FastifyInstance, companyId: number) {
  const rows = await app.db
    .select({ inquiry: inquiries, companyName: companies.name })
    .from(inquiries)
    .innerJoin(companies, eq(companies.id, inquiries.companyId))
    .where(eq(inquiries.companyId, companyId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(HOME_LIMIT);
  return rows.map(({ inquiry: i, companyName }) => ({
    id: i.id,
    importance: i.importance as 'BLANK',
    companyName,
    subject: i.subject,
    content: i.content,
    status: i.status as 'AWAITING_RESPONSE',
    createdDate: i.createdAt.toISOString(),
  }));
}
