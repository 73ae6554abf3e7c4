/**
 * What writes an inquiry's history, whichever feature writes it: the inquiry screens (features/inquiries) and a
 * support conversation turned into an inquiry. The status follows who wrote last (shared `inquiryStatusAfter`),
 * and every message mails the other side, in the transaction that writes it.
 */

import type { InquiryHistoryKind } from '@junkan/shared/api/inquiries';
import type { InquiryImportance } from '@junkan/shared/enums';
import { formatInquiryId, type InquirySide, inquiryStatusAfter } from '@junkan/shared/inquiry-rules';
import { appLink, paths } from '@junkan/shared/paths';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { BUSINESS_NOW, companies, inquiries, inquiryHistory, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type AuditSource, recordAudit } from '../../lib/audit';
import { operatorRole, type Session } from '../../plugins/auth';

/** `attachments.owner_type` of a message's files (`owner_id` the history entry). */
export const INQUIRY_MESSAGE_OWNER = 'INQUIRY_MESSAGE';

export type InquiryRow = typeof inquiries.$inferSelect;

/** Who writes: the user, the side written for, and the administrator behind an operator's session. */
export interface InquiryAuthor {
  userId: number;
  side: InquirySide;
  actingAdminId: number | null;
}

/** A discharger or transporter writing for its company (an acting admin is recorded behind the operator). */
export function companyAuthor(session: Session): InquiryAuthor {
  const side = operatorRole(session);
  // A driver has no inquiries: its routes refuse it; this holds the rule for any other caller.
  if (side === 'ADMIN' || side === 'DRIVER') throw new AppError('forbidden', 'Forbidden');
  return { userId: session.userId, side, actingAdminId: session.adminId ?? null };
}

/** Support: the administrator itself, whether or not it has an operator chosen. */
export function supportAuthor(session: Session): InquiryAuthor {
  return { userId: session.adminId ?? session.userId, side: 'ADMIN', actingAdminId: null };
}

/** Writes one entry of the history; answers its id. */
export async function writeInquiryHistory(
  tx: Tx,
  inquiryId: number,
  author: InquiryAuthor,
  entry: { kind: InquiryHistoryKind; content?: string; importance?: InquiryImportance; at?: Date },
): Promise<number> {
  const [row] = await tx
    .insert(inquiryHistory)
    .values({
      inquiryId,
      kind: entry.kind,
      userId: author.userId,
      side: author.side,
      actingAdminId: author.actingAdminId,
      content: entry.content ?? '',
      importance: entry.importance ?? null,
      ...(entry.at ? { createdAt: entry.at } : {}),
    })
    .returning({ id: inquiryHistory.id });
  return row!.id;
}

type Recipient = 'SUPPORT' | 'COMPANY';
type MailEvent = 'OPENED' | 'REPLIED';

/** Enabled users of the company's own side, or every enabled administrator. */
async function recipientsOf(tx: Tx, to: Recipient, company: { id: number; type: 'WASTE' | 'TRANSPORT' }) {
  const where =
    to === 'SUPPORT'
      ? and(eq(users.role, 'ADMIN'), eq(users.enabled, true), isNull(users.deletedAt))
      : and(
          eq(users.companyId, company.id),
          eq(users.role, company.type),
          eq(users.enabled, true),
          isNull(users.deletedAt),
        );
  return tx.select({ email: users.email }).from(users).where(where).orderBy(asc(users.id));
}

function mailText(
  to: Recipient,
  event: MailEvent,
  inquiry: { id: number; subject: string },
  companyName: string,
) {
  const no = formatInquiryId(inquiry.id);
  if (to === 'SUPPORT')
    return event === 'OPENED'
      ? {
          subject: `【junkan】新しいお問い合わせ ${no}（${companyName}） / New inquiry ${no} from ${companyName}`,
          lines: [`${companyName} から新しいお問い合わせがありました。`, `件名: ${inquiry.subject}`],
          english: `${companyName} opened inquiry ${no}: "${inquiry.subject}".`,
        }
      : {
          subject: `【junkan】お問い合わせ ${no} に返信がありました / New reply to inquiry ${no}`,
          lines: [`${companyName} からお問い合わせに返信がありました。`, `件名: ${inquiry.subject}`],
          english: `${companyName} replied to inquiry ${no}: "${inquiry.subject}".`,
        };
  return event === 'OPENED'
    ? {
        subject: `【junkan】お問い合わせ ${no} を登録しました / Inquiry ${no} was recorded for you`,
        lines: [`サポートとのやり取りをお問い合わせとして登録しました。`, `件名: ${inquiry.subject}`],
        english: `Support recorded your conversation as inquiry ${no}: "${inquiry.subject}".`,
      }
    : {
        subject: `【junkan】お問い合わせ ${no} に回答がありました / Support answered inquiry ${no}`,
        lines: [`お問い合わせにサポートから回答がありました。`, `件名: ${inquiry.subject}`],
        english: `Support answered your inquiry ${no}: "${inquiry.subject}".`,
      };
}

/**
 * Mails the other side that `inquiry` was opened or answered: the company's users (their /inquiry page) or
 * support (/inquiry-admin). The mail names the inquiry and links to it; the message itself stays in the product.
 * Written to the outbox in `tx`, so it exists exactly when the message does.
 */
export async function mailInquiryParty(
  app: FastifyInstance,
  tx: Tx,
  inquiry: { id: number; companyId: number; subject: string },
  to: Recipient,
  event: MailEvent,
): Promise<void> {
  const [company] = await tx
    .select({ id: companies.id, type: companies.type, name: companies.name })
    .from(companies)
    .where(eq(companies.id, inquiry.companyId));
  if (!company) return;
  const text = mailText(to, event, inquiry, company.name);
  const page = to === 'SUPPORT' ? paths.inquiryAdmin.to() : paths.inquiry.to();
  const link = appLink(app.config.publicUrl, `${page}?open=${inquiry.id}`);
  for (const { email } of await recipientsOf(tx, to, company))
    await app.mailer.send(
      { to: email, subject: text.subject, text: [...text.lines, '', link, '', text.english].join('\n') },
      { tx },
    );
}

/** The side a message of `side` is answered by. */
export const otherSide = (side: InquirySide): Recipient => (side === 'ADMIN' ? 'COMPANY' : 'SUPPORT');

export interface OpenInquiryInput {
  companyId: number;
  subject: string;
  importance: InquiryImportance;
  /**
   * The messages, oldest first. The first opens the inquiry (its content is the inquiry's) and is written by a
   * user of the company, for the company's side; later ones (a conversation's) by either side. The status
   * follows the last one.
   */
  messages: { author: InquiryAuthor; content: string; at?: Date }[];
}

/**
 * Writes an inquiry and an entry per message in `tx`, nothing else (the demo data writes its history this way);
 * answers the inquiry and its messages' history ids. The company must be of the first author's side.
 */
export async function insertInquiry(
  tx: Tx,
  input: OpenInquiryInput,
): Promise<{ inquiry: InquiryRow; messageIds: number[] }> {
  const [first] = input.messages;
  const last = input.messages.at(-1);
  if (!first || !last) throw new AppError('validation_error', 'An inquiry opens with a message');
  const [company] = await tx
    .select({ type: companies.type })
    .from(companies)
    .where(eq(companies.id, input.companyId));
  if (!company || company.type !== first.author.side)
    throw new AppError('forbidden', "An inquiry is opened by its company's side");
  const [row] = await tx
    .insert(inquiries)
    .values({
      companyId: input.companyId,
      userId: first.author.userId,
      importance: input.importance,
      subject: input.subject,
      content: first.content,
      status: inquiryStatusAfter(last.author.side, 'REPLY', 'AWAITING_RESPONSE'),
      lastSide: last.author.side,
      ...(last.at ? { lastMessageAt: last.at, updatedAt: last.at } : {}),
      ...(first.at ? { createdAt: first.at } : {}),
    })
    .returning();
  const messageIds: number[] = [];
  for (const m of input.messages)
    messageIds.push(
      await writeInquiryHistory(tx, row!.id, m.author, { kind: 'MESSAGE', content: m.content, at: m.at }),
    );
  return { inquiry: row!, messageIds };
}

/** A message on an open inquiry: its entry, and the status following who wrote (the caller checked the rules). */
export async function appendInquiryMessage(
  tx: Tx,
  inquiry: InquiryRow,
  author: InquiryAuthor,
  content: string,
  at?: Date,
): Promise<number> {
  const entryId = await writeInquiryHistory(tx, inquiry.id, author, { kind: 'MESSAGE', content, at });
  await tx
    .update(inquiries)
    .set({
      status: inquiryStatusAfter(author.side, 'REPLY', inquiry.status),
      lastSide: author.side,
      lastMessageAt: at ?? BUSINESS_NOW,
      updatedAt: at ?? BUSINESS_NOW,
    })
    .where(eq(inquiries.id, inquiry.id));
  return entryId;
}

/** CLOSED, written into the history (the caller checked the rules). */
export async function markInquiryClosed(tx: Tx, inquiry: InquiryRow, author: InquiryAuthor, at?: Date) {
  await writeInquiryHistory(tx, inquiry.id, author, { kind: 'CLOSED', at });
  await tx
    .update(inquiries)
    .set({ status: inquiryStatusAfter(author.side, 'CLOSE', inquiry.status), updatedAt: at ?? BUSINESS_NOW })
    .where(eq(inquiries.id, inquiry.id));
}

/**
 * Opens an inquiry with its history in `tx`: the inquiry, an entry per message, an audit row, and the mail to
 * the side that did not open it. Answers the inquiry's id and its messages' history ids (files are attached
 * to those). A support conversation becomes an inquiry this way: support (the caller) passes the discharger's
 * opening message and the conversation's later messages, each with its author and time.
 */
export async function openInquiry(
  app: FastifyInstance,
  tx: Tx,
  source: AuditSource,
  input: OpenInquiryInput & {
    /**
     * Who opens it: a user of the company (the inquiry screens), or support recording a conversation for the
     * company (the chat). The other one is mailed, whoever wrote last: support turning a chat whose last word
     * was the company's must still tell the company, and has no need to tell itself.
     */
    openedBy: InquiryAuthor;
  },
): Promise<{ inquiryId: number; messageIds: number[] }> {
  const { inquiry, messageIds } = await insertInquiry(tx, input);
  await recordAudit(tx, source, {
    action: 'inquiry.open',
    entity: 'inquiry',
    entityId: inquiry.id,
    detail: { companyId: input.companyId, messages: input.messages.length },
  });
  await mailInquiryParty(app, tx, inquiry, otherSide(input.openedBy.side), 'OPENED');
  return { inquiryId: inquiry.id, messageIds };
}
