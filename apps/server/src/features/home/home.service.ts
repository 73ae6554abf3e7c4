import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notices, updateInfos } from '../../db/schema';

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
