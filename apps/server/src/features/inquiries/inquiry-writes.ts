/**
 * Writing inquiries: opening one (with its one file), replying, closing, deleting and support's importance. Each
 * write checks the shared INQUIRY_RULES on the locked row, writes the history and the audit row in one transaction,
 * and answers the detail as the caller sees it. Deleting (a discharger's cancel) is soft: the inquiry leaves every
 * list and detail, its history and files stay.
 */

import type { InquiryDetail, inquiryCreateSchema } from '@junkan/shared/api/inquiries';
import type { InquiryImportance } from '@junkan/shared/enums';
import { checkInquiryUpload } from '@junkan/shared/inquiry-rules';
import type { MessageCode } from '@junkan/shared/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { attachments, inquiries } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Caller, Session } from '../../plugins/auth';
import type { StoredFile } from '../../plugins/file-storage';
import {
  appendInquiryMessage,
  companyAuthor,
  INQUIRY_MESSAGE_OWNER,
  type InquiryAuthor,
  mailInquiryParty,
  markInquiryClosed,
  openInquiry,
  otherSide,
  supportAuthor,
  writeInquiryHistory,
} from '../inquiry-core/inquiry-records';
import {
  companyScope,
  getInquiry,
  type InquiryScope,
  inquiryFiles,
  inquiryFor,
  requireInquiryAction,
  SUPPORT_SCOPE,
} from './inquiries.service';

const authorFor = (scope: InquiryScope, session: Session): InquiryAuthor =>
  scope.side === 'ADMIN' ? supportAuthor(session) : companyAuthor(session);

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

type CreateValues = z.output<typeof inquiryCreateSchema>;

/** POST /inquiries, /trans/inquiries: opens an inquiry for the caller's company, with its one file if sent. */
export async function createInquiry(
  app: FastifyInstance,
  caller: Caller,
  values: CreateValues,
  file: StoredFile | null,
): Promise<InquiryDetail> {
  const scope = companyScope(caller);
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
