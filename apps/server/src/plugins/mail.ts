import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox, users } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The text with the values of token-like link parameters replaced: what a delivered mail leaves in the outbox. */
export function withoutLinkTokens(text: string): string {
  return text.replace(/([?&][A-Za-z_]*token[A-Za-z_]*=)[^&\s]+/gi, '$1[sent]');
}

/** Blanks the link tokens of mails delivered before delivered mails were stored without them (run at start). */
export async function blankDeliveredLinkTokens(db: Database): Promise<number> {
  const pattern = '([?&][A-Za-z_]*token[A-Za-z_]*=)[^&\\s]+';
  const rows = await db
    .update(mailOutbox)
    .set({ text: sql`regexp_replace(${mailOutbox.text}, ${pattern}, '\\1[sent]', 'gi')` })
    .where(
      and(eq(mailOutbox.status, 'SENT'), sql`${mailOutbox.text} ~* '[?&][a-z_]*token[a-z_]*=[^[&[:space:]]'`),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Every mail lands in the outbox first. With SMTP configured it is then sent and marked SENT, its links'
 * tokens blanked so that the table (and admins reading it) no longer hold a usable reset or activation link;
 * a mail that could not be sent is kept whole as FAILED with the reason. Without SMTP it is marked KEPT, whole,
 * for a developer to read (ruling 13). Log lines name the mail, never its text.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { smtpUrl?: string; from: string },
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  }

  async send(message: MailMessage): Promise<void> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({ ...message, status: this.transport ? 'PENDING' : 'KEPT' })
      .returning({ id: mailOutbox.id });
    if (!row) return;
    if (!this.transport) {
      this.log.info({ mailId: row.id, to: message.to, subject: message.subject }, 'mail kept in outbox');
      return;
    }
    try {
      await this.transport.sendMail({ from: this.opts.from, ...message });
      await this.db
        .update(mailOutbox)
        .set({ status: 'SENT', sentAt: new Date(), text: withoutLinkTokens(message.text) })
        .where(eq(mailOutbox.id, row.id));
    } catch (err) {
      this.log.warn({ err, mailId: row.id }, 'mail not sent; kept in outbox as FAILED');
      await this.db
        .update(mailOutbox)
        .set({ status: 'FAILED', error: String((err as Error).message).slice(0, 500) })
        .where(eq(mailOutbox.id, row.id));
    }
  }

  close(): void {
    this.transport?.close();
  }
}

/** A mail about a hand-off to a company's users: Japanese lines, a link into the web app, then English. */
export interface CompanyMail {
  subject: string;
  /** Japanese body lines; the English line follows after the link. */
  lines: string[];
  english: string;
  /** Path under the web app's base where the recipient acts, e.g. `/project-managment/detail/12`. */
  path: string;
}

/**
 * Mails every enabled user of one or more companies (through SMTP or the outbox): those of one side, or all of
 * them with `ALL` (a company's own news, such as its approval).
 */
export async function mailCompany(
  app: FastifyInstance,
  companyIds: number | number[],
  role: 'WASTE' | 'TRANSPORT' | 'ALL',
  mail: CompanyMail,
) {
  const ids = Array.isArray(companyIds) ? companyIds : [companyIds];
  if (ids.length === 0) return;
  const recipients = await app.db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        ids.length === 1 ? eq(users.companyId, ids[0]!) : inArray(users.companyId, ids),
        role === 'ALL' ? undefined : eq(users.role, role),
        eq(users.enabled, true),
        isNull(users.deletedAt),
      ),
    );
  const link = `${app.config.publicUrl}/sys${mail.path}`;
  for (const { email } of recipients)
    await app.mailer.send({
      to: email,
      subject: mail.subject,
      text: [...mail.lines, '', link, '', mail.english].join('\n'),
    });
}
