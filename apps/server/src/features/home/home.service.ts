import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, inquiries } from '../../db/schema';

const HOME_LIMIT = 200;

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
