/**
 * Communication and records: the mail outbox, audit logs, notices and their read marks, update information,
 * inquiries and their history, the support chat, and evidence packs. (Entry point: db/schema.ts.)
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { BUSINESS_NOW, createdAt, machineCreatedAt, updatedAt } from './columns';
import { projects } from './projects';

/** A stored file a mail carries: its name and type as sent, and where its bytes are. */
export interface MailAttachmentRef {
  fileName: string;
  mimeType: string;
  size: number;
  storageDriver: 'database' | 'disk' | 's3';
  storageKey: string;
}

/** Every mail the product sends; kept when no SMTP server is configured (ruling 13). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    text: text('text').notNull(),
    /**
     * Stored files sent with the mail, read from the file storage at delivery (never copied into the outbox);
     * null for plain mails.
     */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>(),
    /** PENDING (to deliver), SENDING (claimed until lease_until), SENT, FAILED (retried up to a limit), KEPT. */
    status: varchar('status', { length: 16 })
      .notNull()
      .$type<'PENDING' | 'SENDING' | 'SENT' | 'KEPT' | 'FAILED'>(),
    error: text('error'),
    /** The Message-ID every attempt sends, so a receiver can tell a repeat after a lost answer. */
    messageId: varchar('message_id', { length: 255 }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * While SENDING: until when the claim holds at the longest; after it another process may take the mail again.
     * A claim made by a delivery job ends sooner, when that job is no longer active (its process died).
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** While SENDING: the job engine's id of the delivery job that claimed the mail (null for a direct delivery). */
    claimedByJob: varchar('claimed_by_job', { length: 64 }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The id of the request that caused the mail, logged when it is delivered (log correlation). */
    requestId: varchar('request_id', { length: 64 }),
    createdAt: machineCreatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    index('mail_outbox_undelivered_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('PENDING', 'SENDING', 'FAILED')`),
  ],
);

/** Who wrote what, and which admin when one acted for an operator. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    adminId: integer('admin_id'),
    action: varchar('action', { length: 64 }).notNull(),
    entity: varchar('entity', { length: 64 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    requestId: varchar('request_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('audit_logs_entity_idx').on(t.entity, t.entityId), index('audit_logs_user_idx').on(t.userId)],
);

/**
 * Notices the administrators write for dischargers, transporters or both. Shown on the Japan dates from
 * `publish_from` to `publish_until` (inclusive; null: no end) unless withdrawn (`withdrawn_at`).
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    importance: varchar('importance', { length: 24 }).notNull().default('BLANK'),
    date: date('date', { mode: 'string' }).notNull(),
    subject: varchar('subject', { length: 128 }).notNull(),
    content: text('content').notNull(),
    audience: varchar('audience', { length: 16 })
      .notNull()
      .default('ALL')
      .$type<'ALL' | 'DISCHARGERS' | 'TRANSPORTERS'>(),
    // Rows from before the window existed were shown from their date: the migration copies it.
    publishFrom: date('publish_from', { mode: 'string' })
      .notNull()
      .default(sql`(business_now() at time zone 'Asia/Tokyo')::date`),
    publishUntil: date('publish_until', { mode: 'string' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notices_date_idx').on(t.date, t.id)],
);

/** Which user has opened which notice: the unread marks of the notice list, per user. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().default(BUSINESS_NOW),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] }), index('notice_reads_notice_idx').on(t.noticeId)],
);

/** Update information (what changed in the product), shown from its date on. */
export const updateInfos = pgTable('update_infos', {
  id: serial('id').primaryKey(),
  date: date('date', { mode: 'string' }).notNull(),
  content: text('content').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * An inquiry to the platform's support, opened by a discharger or a transporter (its company's). `content` is
 * the opening message (also the history's first entry), `last_side` who wrote last: the status follows it.
 * Deleting (a discharger's cancel) only stamps `deleted_at`: the inquiry leaves every list, its history and
 * files stay for the record.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    importance: varchar('importance', { length: 24 })
      .notNull()
      .default('BLANK')
      .$type<'MOST_IMPORTANT' | 'IMPORTANT' | 'SLIGHTLY_IMPORTANT' | 'BLANK'>(),
    subject: varchar('subject', { length: 128 }).notNull(),
    content: text('content').notNull(),
    status: varchar('status', { length: 24 })
      .notNull()
      .default('AWAITING_RESPONSE')
      .$type<'AWAITING_RESPONSE' | 'RESPONSE_RECEIVED' | 'CLOSED'>(),
    lastSide: varchar('last_side', { length: 16 })
      .notNull()
      .default('WASTE')
      .$type<'WASTE' | 'TRANSPORT' | 'ADMIN'>(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().default(BUSINESS_NOW),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('inquiries_company_idx').on(t.companyId, t.createdAt),
    index('inquiries_last_message_idx').on(t.lastMessageAt),
  ],
);

/**
 * An inquiry's history: each message (who, in which side, when, what) and each change written into it (closed,
 * importance set, deleted). A message's files are attachments with owner type INQUIRY_MESSAGE and this id.
 */
export const inquiryHistory = pgTable(
  'inquiry_history',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id),
    kind: varchar('kind', { length: 16 }).notNull().$type<'MESSAGE' | 'CLOSED' | 'IMPORTANCE' | 'DELETED'>(),
    userId: integer('user_id').references(() => users.id),
    /** The side the author wrote for: the company's (WASTE, TRANSPORT) or support (ADMIN). */
    side: varchar('side', { length: 16 }).notNull().$type<'WASTE' | 'TRANSPORT' | 'ADMIN'>(),
    /** The administrator behind an operator's session, when one acted for the company. */
    actingAdminId: integer('acting_admin_id').references(() => users.id),
    content: text('content').notNull().default(''),
    importance: varchar('importance', { length: 24 }).$type<
      'MOST_IMPORTANT' | 'IMPORTANT' | 'SLIGHTLY_IMPORTANT' | 'BLANK'
    >(),
    createdAt: createdAt(),
  },
  (t) => [index('inquiry_history_inquiry_idx').on(t.inquiryId, t.id)],
);

/**
 * The discharger's chat with the platform's support (ruling 14): one conversation per discharger company, kept
 * with the inquiries. Each side's read mark is the last message id it has read; `waiting_since` is set by the
 * company's first message support has not answered and cleared by support's answer. Sends lock this row, so a
 * conversation's message ids grow in the order they are committed (a catch-up "after id" misses none).
 * Support turns the messages after `inquiry_up_to` into an inquiry; `last_inquiry_id` is the latest made.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastSide: varchar('last_side', { length: 8 }).$type<'COMPANY' | 'SUPPORT'>(),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    companyReadUpTo: integer('company_read_up_to').notNull().default(0),
    supportReadUpTo: integer('support_read_up_to').notNull().default(0),
    /** The last message id already turned into an inquiry (or passed over by one): the next starts after it. */
    inquiryUpTo: integer('inquiry_up_to').notNull().default(0),
    lastInquiryId: integer('last_inquiry_id').references(() => inquiries.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_company_unique').on(t.companyId),
    index('chat_conversations_inbox_idx').on(t.waitingSince, t.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    side: varchar('side', { length: 8 }).notNull().$type<'COMPANY' | 'SUPPORT'>(),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id),
    /** The sending client's id of the message: the same sender sending it again stores nothing new. */
    clientId: varchar('client_id', { length: 64 }).notNull(),
    body: text('body').notNull(),
    /** The inquiry this message was copied into, once support turned it into one. */
    inquiryId: integer('inquiry_id').references(() => inquiries.id),
    createdAt: createdAt(),
  },
  (t) => [
    // A sender's own ids: another's message, whatever id it carries, neither replaces nor blocks it.
    uniqueIndex('chat_messages_sender_client_unique').on(t.conversationId, t.senderUserId, t.clientId),
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
  ],
);

/**
 * An evidence pack (issue 15): one ZIP of a company's records for a project or a period, built in the background
 * (`features/evidence-packs`) and kept downloadable for a few days. `side` is the side it was asked for (a
 * transporter's pack holds only its own side). The ZIP is a stored file (`storage_driver` + `storage_key`).
 */
export const evidencePacks = pgTable(
  'evidence_packs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    side: varchar('side', { length: 16 }).notNull().$type<'WASTE' | 'TRANSPORT'>(),
    scope: varchar('scope', { length: 16 }).notNull().$type<'PROJECT' | 'PERIOD'>(),
    projectId: integer('project_id').references(() => projects.id),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    status: varchar('status', { length: 16 })
      .notNull()
      .default('QUEUED')
      .$type<'QUEUED' | 'BUILDING' | 'READY' | 'FAILED' | 'EXPIRED'>(),
    itemsDone: integer('items_done').notNull().default(0),
    itemsTotal: integer('items_total').notNull().default(0),
    size: bigint('size', { mode: 'number' }),
    storageDriver: varchar('storage_driver', { length: 16 }).$type<'database' | 'disk' | 's3'>(),
    storageKey: varchar('storage_key', { length: 255 }),
    /** Why the build failed (a message code). */
    errorCode: varchar('error_code', { length: 64 }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    actingAdminId: integer('acting_admin_id'),
    /** When the ready mail was written: set once, by the compare-and-set that writes it. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('evidence_packs_company_idx').on(t.companyId, t.side, t.createdAt),
    index('evidence_packs_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'READY'`),
  ],
);
