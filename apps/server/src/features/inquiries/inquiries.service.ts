/**
 * Inquiries (/inquiry, /inquiry-admin): a discharger or a transporter opens one for its company and writes with
 * the platform's support until someone closes it. Every call is scoped: a company sees its own inquiries only
 * (another company's, or a deleted one, is 404), support sees every company's. What each side may do in which
 * status is the shared INQUIRY_RULES, checked on the locked row. This file holds the scope and the reads; opening,
 * replying, closing, deleting and the importance are inquiry-writes.ts.
 */
import type { Attachment } from '@junkan/shared/api/common';
import type {
  adminInquiryListQuerySchema,
  InquiryDetail,
  InquiryHistoryEntry,
  InquiryListItem,
  inquiryListQuerySchema,
} from '@junkan/shared/api/inquiries';
import {
  canActOnInquiry,
  type InquiryAction,
  type InquirySide,
  inquiryActions,
} from '@junkan/shared/inquiry-rules';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { attachments, companies, inquiries, inquiryHistory, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf, orderOf } from '../../lib/paging';
import { type Caller, operatorRole } from '../../plugins/auth';
import {
  attachmentColumns,
  openStoredFile,
  storedFileColumns,
  toAttachment,
} from '../../plugins/file-storage';
import { INQUIRY_MESSAGE_OWNER, type InquiryRow } from '../inquiry-core/inquiry-records';

/** Whose inquiries a call reaches: one company's (its own side) or, for support, every company's. */
export type InquiryScope = { side: 'WASTE' | 'TRANSPORT'; companyId: number } | { side: 'ADMIN' };

export const SUPPORT_SCOPE: InquiryScope = { side: 'ADMIN' };

/** The company a discharger's or transporter's call acts for (an acting admin's too). */
export function companyScope(caller: Caller): InquiryScope {
  const side = operatorRole(caller.session);
  // A driver has no inquiries: its routes refuse it; this holds the rule for any other caller.
  if (side === 'ADMIN' || side === 'DRIVER') throw new AppError('forbidden', 'Forbidden');
  return { side, companyId: caller.companyId };
}

const notFound = () => new AppError('inquiry_not_found', 'Inquiry not found');

/** The live inquiry `id` as `scope` may see it, locked when asked; anything else is 404, never its data. */
export async function inquiryFor(
  db: DbOrTx,
  scope: InquiryScope,
  id: number,
  lock = false,
): Promise<InquiryRow> {
  const q = db
    .select()
    .from(inquiries)
    .where(
      and(
        eq(inquiries.id, id),
        isNull(inquiries.deletedAt),
        scope.side === 'ADMIN' ? undefined : eq(inquiries.companyId, scope.companyId),
      ),
    );
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** Refuses what the shared rules do not allow `side` in the inquiry's status (409). */
export function requireInquiryAction(side: InquirySide, action: InquiryAction, inquiry: InquiryRow) {
  if (canActOnInquiry(side, action, inquiry.status)) return;
  if (inquiry.status === 'CLOSED') throw new AppError('inquiry_closed', 'Inquiry closed');
  throw new AppError('invalid_status_transition', 'Not allowed in this status');
}

/** The files of every message of an inquiry, oldest first, with the entry each belongs to. */
export async function inquiryFiles(db: DbOrTx, inquiryId: number) {
  return db
    .select({ ...attachmentColumns, entryId: attachments.ownerId })
    .from(attachments)
    .innerJoin(inquiryHistory, eq(inquiryHistory.id, attachments.ownerId))
    .where(and(eq(attachments.ownerType, INQUIRY_MESSAGE_OWNER), eq(inquiryHistory.inquiryId, inquiryId)))
    .orderBy(asc(attachments.id));
}

const IMPORTANCE_RANK = sql`case ${inquiries.importance} when 'MOST_IMPORTANT' then 3 when 'IMPORTANT' then 2 when 'SLIGHTLY_IMPORTANT' then 1 else 0 end`;

const SORT = {
  lastMessageAt: inquiries.lastMessageAt,
  createdAt: inquiries.createdAt,
  id: inquiries.id,
  importance: IMPORTANCE_RANK,
};

const fileCount = sql<number>`(select count(*)::int from ${attachments} a join ${inquiryHistory} h on a.owner_type = ${INQUIRY_MESSAGE_OWNER} and a.owner_id = h.id where h.inquiry_id = ${inquiries.id})`;

const listColumns = {
  inquiry: inquiries,
  companyName: companies.name,
  companyType: companies.type,
  userName: users.userName,
  userEmail: users.email,
  fileCount,
};

type ListRow = {
  inquiry: InquiryRow;
  companyName: string;
  companyType: 'WASTE' | 'TRANSPORT';
  userName: string | null;
  userEmail: string | null;
  fileCount: number;
};

const toListItem = (r: ListRow): InquiryListItem => ({
  id: r.inquiry.id,
  importance: r.inquiry.importance,
  status: r.inquiry.status,
  subject: r.inquiry.subject,
  content: r.inquiry.content,
  companyId: r.inquiry.companyId,
  companyName: r.companyName,
  companyType: r.companyType,
  username: r.userName || r.userEmail || '',
  createdDate: r.inquiry.createdAt.toISOString(),
  lastMessageAt: r.inquiry.lastMessageAt.toISOString(),
  lastSide: r.inquiry.lastSide,
  fileCount: Number(r.fileCount),
});

type ListQuery = z.output<typeof inquiryListQuerySchema> &
  Partial<z.output<typeof adminInquiryListQuerySchema>>;

/** The id a search word names: digits only, as the list shows them (00012) or not. */
const idOfWords = (words: string) => (/^\d{1,9}$/.test(words) ? Number(words) : null);

/** GET /inquiries, /trans/inquiries, /admin/inquiries: one page of the scope's live inquiries. */
export async function listInquiries(app: FastifyInstance, scope: InquiryScope, query: ListQuery) {
  const conditions: (SQL | undefined)[] = [isNull(inquiries.deletedAt)];
  if (scope.side !== 'ADMIN') conditions.push(eq(inquiries.companyId, scope.companyId));
  if (query.status) conditions.push(eq(inquiries.status, query.status));
  if (query.importance) conditions.push(eq(inquiries.importance, query.importance));
  if (scope.side === 'ADMIN' && query.companyType) conditions.push(eq(companies.type, query.companyType));
  if (query.query) {
    const pattern = containsPattern(query.query);
    const id = idOfWords(query.query);
    conditions.push(
      or(
        ilike(inquiries.subject, pattern),
        ilike(inquiries.content, pattern),
        scope.side === 'ADMIN' ? ilike(companies.name, pattern) : undefined,
        id !== null ? eq(inquiries.id, id) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    app.db
      .select(listColumns)
      .from(inquiries)
      .innerJoin(companies, eq(companies.id, inquiries.companyId))
      .leftJoin(users, eq(users.id, inquiries.userId))
      .where(where)
      .orderBy(...orderOf(SORT, query.sort, query.order, inquiries.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    app.db
      .select({ total: count() })
      .from(inquiries)
      .innerJoin(companies, eq(companies.id, inquiries.companyId))
      .where(where),
  ]);
  return { items: rows.map(toListItem), total: total?.total ?? 0, page: query.page, size: query.size };
}

/** GET .../inquiries/{id}: the inquiry, its company, its whole history with files, and what the caller may do. */
export async function getInquiry(
  app: FastifyInstance,
  scope: InquiryScope,
  id: number,
): Promise<InquiryDetail> {
  const inquiry = await inquiryFor(app.db, scope, id);
  const [head] = await app.db
    .select({ ...listColumns, tel: companies.tel, email: companies.email })
    .from(inquiries)
    .innerJoin(companies, eq(companies.id, inquiries.companyId))
    .leftJoin(users, eq(users.id, inquiries.userId))
    .where(eq(inquiries.id, id));
  const entries = await app.db
    .select({ entry: inquiryHistory, userName: users.userName, userEmail: users.email })
    .from(inquiryHistory)
    .leftJoin(users, eq(users.id, inquiryHistory.userId))
    .where(
      and(
        eq(inquiryHistory.inquiryId, id),
        inArray(inquiryHistory.kind, ['MESSAGE', 'CLOSED', 'IMPORTANCE']),
      ),
    )
    .orderBy(asc(inquiryHistory.id));
  const files = await inquiryFiles(app.db, id);
  const filesOf = new Map<number, Attachment[]>();
  for (const f of files) filesOf.set(f.entryId, [...(filesOf.get(f.entryId) ?? []), toAttachment(f)]);
  const history: InquiryHistoryEntry[] = entries.map(({ entry, userName, userEmail }) => ({
    id: entry.id,
    kind: entry.kind,
    userId: entry.userId,
    userName: userName || userEmail || '',
    userRoles: [{ role: entry.side }, ...(entry.actingAdminId ? [{ role: 'ADMIN' as const }] : [])],
    content: entry.content,
    importance: entry.importance,
    createdDate: entry.createdAt.toISOString(),
    files: filesOf.get(entry.id) ?? [],
  }));
  return {
    ...toListItem({ ...head!, inquiry }),
    company: { name: head!.companyName, tel: head!.tel, email: head!.email },
    inquiryHistoryDtos: history,
    actions: inquiryActions(scope.side, inquiry.status),
    filesTotalBytes: files.reduce((sum, f) => sum + f.size, 0),
  };
}

/** GET .../inquiries/{id}/files/{fileId}: a file of one of its messages; anything else is 404. */
export async function readInquiryFile(app: FastifyInstance, scope: InquiryScope, id: number, fileId: number) {
  await inquiryFor(app.db, scope, id);
  const [row] = await app.db
    .select(storedFileColumns)
    .from(attachments)
    .innerJoin(inquiryHistory, eq(inquiryHistory.id, attachments.ownerId))
    .where(
      and(
        eq(attachments.id, fileId),
        eq(attachments.ownerType, INQUIRY_MESSAGE_OWNER),
        eq(inquiryHistory.inquiryId, id),
      ),
    );
  if (!row) throw new AppError('not_found', 'File not found');
  return openStoredFile(app.files, row);
}
