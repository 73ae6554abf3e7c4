/**
 * Inquiries (/inquiry, /inquiry-admin): a discharger or a transporter opens one for its company and writes with
 * the platform's support until someone closes it. Every call is scoped: a company sees its own inquiries only
 * (another company's, or a deleted one, is 404), support sees every company's. What each side may do in which
 * status is the shared INQUIRY_RULES, checked here on the locked row. Deleting (a discharger's cancel) is soft:
 * the inquiry leaves every list and detail, its history and files stay.
 */
import {
  type AdminInquiryListQuery,
  type Attachment,
  type adminInquiryListQuerySchema,
  canActOnInquiry,
  checkInquiryUpload,
  type InquiryAction,
  type InquiryDetail,
  type InquiryHistoryEntry,
  type InquiryImportance,
  type InquiryListItem,
  type InquirySide,
  inquiryActions,
  type inquiryCreateSchema,
  type inquiryListQuerySchema,
  type MessageCode,
} from '@junkan/shared';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { attachments, companies, inquiries, inquiryHistory, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf, orderOf } from '../../lib/paging';
import { type Caller, operatorRole, type Session } from '../../plugins/auth';
import { openStoredFile, type StoredFile } from '../../plugins/file-storage';
import {
  appendInquiryMessage,
  companyAuthor,
  INQUIRY_MESSAGE_OWNER,
  type InquiryAuthor,
  type InquiryRow,
  mailInquiryParty,
  markInquiryClosed,
  openInquiry,
  otherSide,
  supportAuthor,
  writeInquiryHistory,
} from '../inquiry-core/inquiry-records';
import { attachmentColumns, storedFileColumns, toAttachment } from '../project-core/project-files';

/** Whose inquiries a call reaches: one company's (its own side) or, for support, every company's. */
export type InquiryScope = { side: 'WASTE' | 'TRANSPORT'; companyId: number } | { side: 'ADMIN' };

export const SUPPORT_SCOPE: InquiryScope = { side: 'ADMIN' };

/** The company a discharger's or transporter's call acts for (an acting admin's too). */
export function companyScope(session: Session): InquiryScope {
  const side = operatorRole(session);
  if (side === 'ADMIN' || !session.companyId) throw new AppError('forbidden', 'Forbidden');
  return { side, companyId: session.companyId };
}

const authorFor = (scope: InquiryScope, session: Session): InquiryAuthor =>
  scope.side === 'ADMIN' ? supportAuthor(session) : companyAuthor(session);

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
async function inquiryFiles(db: DbOrTx, inquiryId: number) {
  return db
    .select({ ...attachmentColumns, entryId: attachments.ownerId })
    .from(attachments)
    .innerJoin(inquiryHistory, eq(inquiryHistory.id, attachments.ownerId))
    .where(and(eq(attachments.ownerType, INQUIRY_MESSAGE_OWNER), eq(inquiryHistory.inquiryId, inquiryId)))
    .orderBy(asc(attachments.id));
}

/** What the upload must know before it streams a file: the inquiry may be written to, and the files it holds. */
export async function filesBeforeReply(app: FastifyInstance, scope: InquiryScope, id: number) {
  const inquiry = await inquiryFor(app.db, scope, id);
  requireInquiryAction(scope.side, 'REPLY', inquiry);
  return inquiryFiles(app.db, id);
}

export const uploadRefusal = (code: MessageCode) => new AppError(code, code, { file: code });

/** The file's row, under the message it came with; the inquiry is locked, so the rules are checked on its files. */
async function attachFile(tx: Tx, caller: Caller, inquiryId: number, entryId: number, file: StoredFile) {
  const code = checkInquiryUpload([file], await inquiryFiles(tx, inquiryId));
  if (code) throw uploadRefusal(code);
  await tx.insert(attachments).values({
    ownerType: INQUIRY_MESSAGE_OWNER,
    ownerId: entryId,
    ...file,
    createdBy: caller.session.userId,
  });
}

// ---- Reading ---------------------------------------------------------------------------------------------------

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

export type { AdminInquiryListQuery };

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

// ---- Writing ---------------------------------------------------------------------------------------------------

type CreateValues = z.output<typeof inquiryCreateSchema>;

/** POST /inquiries, /trans/inquiries: opens an inquiry for the caller's company, with its one file if sent. */
export async function createInquiry(
  app: FastifyInstance,
  caller: Caller,
  values: CreateValues,
  file: StoredFile | null,
): Promise<InquiryDetail> {
  const scope = companyScope(caller.session);
  if (scope.side === 'ADMIN') throw new AppError('forbidden', 'Forbidden');
  const author = companyAuthor(caller.session);
  const id = await app.db.transaction(async (tx) => {
    const { inquiryId, messageIds } = await openInquiry(app, tx, caller, {
      companyId: scope.companyId,
      openedBy: author,
      subject: values.subject,
      importance: values.importance,
      messages: [{ author, content: values.content }],
    });
    if (file) await attachFile(tx, caller, inquiryId, messageIds[0]!, file);
    return inquiryId;
  });
  return getInquiry(app, scope, id);
}

/**
 * POST .../inquiries/{id}/replies: a message (with its one file if sent) from the caller's side. The status
 * follows it (support's reply RESPONSE_RECEIVED, the company's AWAITING_RESPONSE) and the other side is mailed.
 */
export async function replyToInquiry(
  app: FastifyInstance,
  caller: Caller,
  scope: InquiryScope,
  id: number,
  content: string,
  file: StoredFile | null,
): Promise<InquiryDetail> {
  const author = authorFor(scope, caller.session);
  await app.db.transaction(async (tx) => {
    const inquiry = await inquiryFor(tx, scope, id, true);
    requireInquiryAction(scope.side, 'REPLY', inquiry);
    const entryId = await appendInquiryMessage(tx, inquiry, author, content);
    if (file) await attachFile(tx, caller, id, entryId, file);
    await recordAudit(tx, caller, {
      action: 'inquiry.reply',
      entity: 'inquiry',
      entityId: id,
      detail: { side: scope.side, file: file?.fileName ?? null },
    });
    await mailInquiryParty(app, tx, inquiry, otherSide(scope.side), 'REPLIED');
  });
  return getInquiry(app, scope, id);
}

/** POST .../inquiries/{id}/close: CLOSED (a discharger's "solved"); written into the history. */
export async function closeInquiry(
  app: FastifyInstance,
  caller: Caller,
  scope: InquiryScope,
  id: number,
): Promise<InquiryDetail> {
  await app.db.transaction(async (tx) => {
    const inquiry = await inquiryFor(tx, scope, id, true);
    requireInquiryAction(scope.side, 'CLOSE', inquiry);
    await markInquiryClosed(tx, inquiry, authorFor(scope, caller.session));
    await recordAudit(tx, caller, { action: 'inquiry.close', entity: 'inquiry', entityId: id });
  });
  return getInquiry(app, scope, id);
}

/** DELETE .../inquiries/{id}: the inquiry leaves every list (a discharger's cancel); its history is kept. */
export async function deleteInquiry(app: FastifyInstance, caller: Caller, scope: InquiryScope, id: number) {
  await app.db.transaction(async (tx) => {
    const inquiry = await inquiryFor(tx, scope, id, true);
    requireInquiryAction(scope.side, 'DELETE', inquiry);
    const author = authorFor(scope, caller.session);
    await writeInquiryHistory(tx, id, author, { kind: 'DELETED' });
    await tx
      .update(inquiries)
      .set({ deletedAt: app.now(), deletedBy: author.userId, updatedAt: app.now() })
      .where(eq(inquiries.id, id));
    await recordAudit(tx, caller, {
      action: 'inquiry.delete',
      entity: 'inquiry',
      entityId: id,
      detail: { side: scope.side, status: inquiry.status },
    });
  });
  return { result: true };
}

/** PUT /admin/inquiries/{id}/importance: support's triage; written into the history. */
export async function setInquiryImportance(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  importance: InquiryImportance,
): Promise<InquiryDetail> {
  await app.db.transaction(async (tx) => {
    const inquiry = await inquiryFor(tx, SUPPORT_SCOPE, id, true);
    requireInquiryAction('ADMIN', 'SET_IMPORTANCE', inquiry);
    if (inquiry.importance === importance) return;
    await writeInquiryHistory(tx, id, supportAuthor(caller.session), { kind: 'IMPORTANCE', importance });
    await tx.update(inquiries).set({ importance, updatedAt: app.now() }).where(eq(inquiries.id, id));
    await recordAudit(tx, caller, {
      action: 'inquiry.importance',
      entity: 'inquiry',
      entityId: id,
      detail: { from: inquiry.importance, to: importance },
    });
  });
  return getInquiry(app, SUPPORT_SCOPE, id);
}
