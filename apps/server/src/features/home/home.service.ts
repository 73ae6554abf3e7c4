import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, inquiries, notices, updateInfos } from '../../db/schema';

const HOME_LIMIT = 200;

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
