import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAIL_ATTACHMENT_MAX_BYTES } from '@junkan/shared/invoice-rules';
import { appLink } from '@junkan/shared/paths';
import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, not, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, DbOrTx, Tx } from '../db/client';
import { type MailAttachmentRef, mailOutbox, users } from '../db/schema';
import { currentRequestId } from '../lib/request-context';
import type { FileStorage } from './file-storage';
import { JobEngine } from './jobs/job-engine';

export type { MailAttachmentRef };

interface OpenedAttachment {
  filename: string;
  contentType: string;
  content: Readable;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * Stored files to attach: referenced in the outbox and streamed from the file storage at delivery. The caller
   * keeps their total within the mail limit (MAIL_ATTACHMENT_MAX_BYTES); the mailer refuses more.
   */
  attachments?: MailAttachmentRef[];
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

/** The job engine's queue of mails to deliver (one job per mail), and the sweep that picks up stragglers. */
export const MAIL_QUEUE = 'mail-delivery';
export const MAIL_SWEEP = 'mail-sweep';
/** Attempts per mail, over the engine's retries and the sweep's; then it stays FAILED for an admin to see. */
export const MAIL_MAX_ATTEMPTS = 8;
/**
 * How long a claimed mail is left to its sender at the longest: far past the SMTP timeouts below. A delivery job's
 * claim ends sooner, with the job (`claimLapsed`).
 */
const LEASE = sql`interval '10 minutes'`;
/** Mail older than this is not retried by the sweep (its links would have expired). */
const SWEEP_WINDOW = sql`interval '3 days'`;

/**
 * Whether a SENDING mail's claim has lapsed, so another delivery may take it: its lease ran out, or the delivery
 * job that claimed it is no longer active (its process died and the job engine's supervisor failed the job, or it
 * ended). A retry of that same job (`jobId`) takes its own claim back. A direct delivery's claim (no job) holds
 * until its lease.
 */
function claimLapsed(jobId?: string) {
  return or(
    lt(mailOutbox.leaseUntil, sql`now()`),
    and(
      isNotNull(mailOutbox.claimedByJob),
      or(
        jobId ? eq(mailOutbox.claimedByJob, jobId) : undefined,
        not(JobEngine.isActive(MAIL_QUEUE, mailOutbox.claimedByJob)),
      ),
    ),
  );
}

/**
 * Every mail lands in the outbox first. With SMTP configured it is written PENDING and a job delivers it: the
 * job claims the mail (PENDING or FAILED, or SENDING whose claim lapsed, to SENDING: a compare-and-set, so two
 * live processes never both send it), sends it with its stable Message-ID, and marks it SENT with its links' tokens
 * blanked, so that the table (and admins reading it) no longer hold a usable reset or activation link. A failed
 * attempt is kept whole as FAILED with the reason and retried with backoff, then by a sweep every five minutes,
 * up to MAIL_MAX_ATTEMPTS. Without SMTP the mail is marked KEPT, whole, for a developer to read (ruling 13).
 * Log lines name the mail (and the request that caused it), never its text.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly domain: string;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { smtpUrl?: string; from: string; jobs: JobEngine; files?: FileStorage },
  ) {
    this.transport = opts.smtpUrl
      ? // Timeouts bounded, so a hung server cannot outlast the claim's lease.
        nodemailer.createTransport(
          `${opts.smtpUrl}${opts.smtpUrl.includes('?') ? '&' : '?'}connectionTimeout=30000&greetingTimeout=30000&socketTimeout=60000`,
        )
      : null;
    this.domain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? 'junkan.local';
    // A job of the schedule's registry in every configuration; without SMTP there is nothing to sweep.
    opts.jobs.defineScheduled(MAIL_SWEEP, async () => {
      if (this.transport) await this.sweep();
    });
    if (!this.transport) return;
    opts.jobs.define<{ mailId: number }>({
      name: MAIL_QUEUE,
      policy: 'exclusive',
      retryLimit: 4,
      // The first retry comes soon, so that a mail whose process died while sending it goes out within a minute
      // (`takeoverBoundSeconds`); an SMTP outage is then retried with backoff, and by the sweep after the last.
      retryDelaySeconds: 10,
      retryBackoff: true,
      retryDelayMaxSeconds: 15 * 60,
      expireInSeconds: 5 * 60,
      handler: ({ mailId }, job) => this.deliver(mailId, job.id),
    });
  }

  /**
   * Writes the mail to the outbox and queues its delivery; answers the outbox id. With `tx`, both are written in
   * the caller's transaction: the mail exists (and goes out) exactly when the transaction commits.
   */
  async send(message: MailMessage, options: { tx?: Tx } = {}): Promise<number | undefined> {
    const total = (message.attachments ?? []).reduce((sum, a) => sum + a.size, 0);
    if (total > MAIL_ATTACHMENT_MAX_BYTES) throw new Error('mail attachments over the mail limit');
    const db: DbOrTx = options.tx ?? this.db;
    const [row] = await db
      .insert(mailOutbox)
      .values({
        ...message,
        attachments: message.attachments?.length ? message.attachments : null,
        status: this.transport ? 'PENDING' : 'KEPT',
        messageId: `<${randomUUID()}@${this.domain}>`,
        requestId: currentRequestId() ?? null,
      })
      .returning({ id: mailOutbox.id });
    if (!row) return undefined;
    if (!this.transport) {
      this.log.info({ mailId: row.id, to: message.to, subject: message.subject }, 'mail kept in outbox');
      return row.id;
    }
    // After the row is written: a crash in between leaves a PENDING mail, which the sweep delivers.
    await this.queue(row.id, options.tx);
    this.opts.jobs.wake(MAIL_QUEUE);
    return row.id;
  }

  /**
   * Sends a FAILED mail again (an administrator's resend): back to PENDING with its attempts counted afresh, and
   * queued. Answers false for any other mail (delivered, on its way, kept without SMTP).
   */
  async resend(mailId: number): Promise<boolean> {
    if (!this.transport) return false;
    const [row] = await this.db
      .update(mailOutbox)
      .set({ status: 'PENDING', attempts: 0, leaseUntil: null })
      .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'FAILED')))
      .returning({ id: mailOutbox.id });
    if (!row) return false;
    await this.queue(mailId);
    this.opts.jobs.wake(MAIL_QUEUE);
    return true;
  }

  /** Whether mail goes out over SMTP (else it is kept in the outbox). */
  get delivers(): boolean {
    return this.transport !== null;
  }

  private queue(mailId: number, tx?: Tx) {
    return this.opts.jobs.send(MAIL_QUEUE, { mailId }, { singletonKey: String(mailId), tx });
  }

  /** The attachments of a mail as nodemailer takes them: each a stream opened from the file storage now. */
  private async openAttachments(refs: MailAttachmentRef[] | null): Promise<OpenedAttachment[] | undefined> {
    if (!refs?.length) return undefined;
    if (!this.opts.files) throw new Error('mail attachments need the file storage');
    const opened: OpenedAttachment[] = [];
    for (const ref of refs) {
      const object = await this.opts.files.get({ driver: ref.storageDriver, key: ref.storageKey });
      if (!object) {
        for (const o of opened) o.content.destroy();
        throw new Error(`mail attachment ${ref.storageKey} not found`);
      }
      opened.push({ filename: ref.fileName, contentType: ref.mimeType, content: object.stream });
    }
    return opened;
  }

  /**
   * One delivery attempt of one mail; throws when it failed and may be retried. `jobId` is the delivery job's
   * (absent for a direct call): the claim is the job's, and ends when the job is no longer active.
   */
  async deliver(mailId: number, jobId?: string): Promise<void> {
    if (!this.transport) return;
    const [mail] = await this.db
      .update(mailOutbox)
      .set({
        status: 'SENDING',
        attempts: sql`${mailOutbox.attempts} + 1`,
        leaseUntil: sql`now() + ${LEASE}`,
        claimedByJob: jobId ?? null,
        lastAttemptAt: sql`now()`,
      })
      .where(
        and(
          eq(mailOutbox.id, mailId),
          lt(mailOutbox.attempts, MAIL_MAX_ATTEMPTS),
          or(
            inArray(mailOutbox.status, ['PENDING', 'FAILED']),
            and(eq(mailOutbox.status, 'SENDING'), claimLapsed(jobId)),
          ),
        ),
      )
      .returning();
    // Sent, being sent by another process, or given up.
    if (!mail) return;
    let attachments: OpenedAttachment[] | undefined;
    try {
      attachments = await this.openAttachments(mail.attachments);
      await this.transport.sendMail({
        from: this.opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId ?? `<outbox-${mail.id}@${this.domain}>`,
        attachments,
      });
    } catch (err) {
      for (const a of attachments ?? []) a.content.destroy();
      const last = mail.attempts >= MAIL_MAX_ATTEMPTS;
      this.log.warn(
        { err, mailId, attempts: mail.attempts, reqId: mail.requestId ?? undefined },
        last ? 'mail not sent; given up, kept in outbox as FAILED' : 'mail not sent; will retry',
      );
      await this.db
        .update(mailOutbox)
        .set({
          status: 'FAILED',
          leaseUntil: null,
          claimedByJob: null,
          error: String((err as Error).message).slice(0, 500),
        })
        .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'SENDING')));
      if (!last) throw err;
      return;
    }
    await this.db
      .update(mailOutbox)
      .set({
        status: 'SENT',
        // The delivery's own bookkeeping (leases, sweeps) is on the database's clock.
        sentAt: sql`now()`,
        leaseUntil: null,
        claimedByJob: null,
        error: null,
        text: withoutLinkTokens(mail.text),
      })
      .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'SENDING')));
    // The id of the request that caused the mail, whichever job (its own, or the sweep's) delivered it.
    this.log.info({ mailId, attempts: mail.attempts, reqId: mail.requestId ?? undefined }, 'mail sent');
  }

  /**
   * Queues a job for each mail a crash or an outage left undelivered: PENDING for over a minute, FAILED and not
   * tried for a quarter of an hour, or SENDING whose claim lapsed; only recent ones, within their attempts. A mail
   * that already has a job is not queued twice (the queue holds one job per mail). Answers how many it queued.
   */
  async sweep(): Promise<number> {
    if (!this.transport) return 0;
    const stale = await this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.status, ['PENDING', 'FAILED', 'SENDING']),
          lt(mailOutbox.attempts, MAIL_MAX_ATTEMPTS),
          gt(mailOutbox.createdAt, sql`now() - ${SWEEP_WINDOW}`),
          or(
            and(eq(mailOutbox.status, 'PENDING'), lt(mailOutbox.createdAt, sql`now() - interval '1 minute'`)),
            and(
              eq(mailOutbox.status, 'FAILED'),
              lt(mailOutbox.lastAttemptAt, sql`now() - interval '15 minutes'`),
            ),
            and(eq(mailOutbox.status, 'SENDING'), claimLapsed()),
          ),
        ),
      )
      .limit(500);
    let queued = 0;
    for (const { id } of stale) if (await this.queue(id)) queued++;
    return queued;
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
 * them but its drivers with `ALL` (a company's own news, such as its approval). With `tx` the mails are written
 * in the caller's transaction, so they go out only if it commits.
 */
export async function mailCompany(
  app: FastifyInstance,
  companyIds: number | number[],
  role: 'WASTE' | 'TRANSPORT' | 'ALL',
  mail: CompanyMail,
  options: { tx?: Tx } = {},
) {
  const ids = Array.isArray(companyIds) ? companyIds : [companyIds];
  if (ids.length === 0) return;
  const recipients = await (options.tx ?? app.db)
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        ids.length === 1 ? eq(users.companyId, ids[0]!) : inArray(users.companyId, ids),
        // A company's news is for its office: its drivers hear of their stops only (`mailUsers`).
        role === 'ALL' ? ne(users.role, 'DRIVER') : eq(users.role, role),
        eq(users.enabled, true),
        isNull(users.deletedAt),
      ),
    );
  await sendTo(app, recipients, mail, options);
}

/**
 * Mails users by id, each enabled and not deleted (through SMTP or the outbox), as `mailCompany` mails a company's:
 * a driver its stops. With `tx` the mails are written in the caller's transaction.
 */
export async function mailUsers(
  app: FastifyInstance,
  userIds: number[],
  mail: CompanyMail,
  options: { tx?: Tx } = {},
) {
  if (userIds.length === 0) return;
  const recipients = await (options.tx ?? app.db)
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.enabled, true), isNull(users.deletedAt)));
  await sendTo(app, recipients, mail, options);
}

async function sendTo(
  app: FastifyInstance,
  recipients: { email: string }[],
  mail: CompanyMail,
  options: { tx?: Tx },
) {
  const link = appLink(app.config.publicUrl, mail.path);
  for (const { email } of recipients)
    await app.mailer.send(
      { to: email, subject: mail.subject, text: [...mail.lines, '', link, '', mail.english].join('\n') },
      { tx: options.tx },
    );
}
