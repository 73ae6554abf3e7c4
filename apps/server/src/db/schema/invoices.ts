/**
 * Invoices (section 3): every version of an invoice, the mails each sent, and card payment attempts. (Entry point:
 * db/schema.ts.)
 */
import type { BankAccount } from '@junkan/shared/api/bank-accounts';
import type { QualifiedInvoiceLineDto } from '@junkan/shared/api/qualified-invoices';
import type { CardDeclineCode, CardPaymentStatus } from '@junkan/shared/card-payments';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { contracts, projects } from './projects';

/**
 * Invoices (section 3): one row per version. A correction writes a new row (version + 1, `supersedes_id` the
 * old one) and stamps the old row's `superseded_at` / `superseded_by_id`, nothing else of it; invoices are never
 * deleted (kept 7 years, the electronic bookkeeping rule). `root_id` is the first version's id.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id').notNull(),
    version: integer('version').notNull().default(1),
    supersedesId: integer('supersedes_id').references((): AnyPgColumn => invoices.id),
    supersededById: integer('superseded_by_id').references((): AnyPgColumn => invoices.id),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id),
    dischargerCompanyId: integer('discharger_company_id')
      .notNull()
      .references(() => companies.id),
    /** Copied from the contract at registration: PAYMENT_INVOICE (bank transfer) or CREDIT_CARD. */
    paymentMethod: varchar('payment_method', { length: 16 })
      .notNull()
      .$type<'PAYMENT_INVOICE' | 'CREDIT_CARD'>(),
    billingDate: date('billing_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Whole yen. */
    amount: integer('amount').notNull(),
    status: varchar('status', { length: 16 }).notNull().$type<'UNCLAIMED' | 'BILLED' | 'PAID'>(),
    /** The settlement confirmation date (Japan date), once paid. */
    settlementDate: date('settlement_date', { mode: 'string' }),
    paidVia: varchar('paid_via', { length: 16 }).$type<'BANK_TRANSFER' | 'CARD'>(),
    /** The card provider's payment reference, or the transporter's note of the transfer. */
    paymentRef: varchar('payment_ref', { length: 128 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    billedAt: timestamp('billed_at', { withTimezone: true }),
    /** The last overdue reminder step sent for this version (0: none), and when the first was. */
    overdueStep: smallint('overdue_step').notNull().default(0),
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    source: varchar('source', { length: 16 }).notNull().default('UPLOAD').$type<'UPLOAD' | 'GENERATED'>(),
    /**
     * YYYY-MM (請求対象月): the month the invoice bills, chosen per uploaded invoice, the draft's month for a
     * generated one; kept by corrections. Rows from before it was asked took their billing date's month.
     */
    billedMonth: varchar('billed_month', { length: 7 }).notNull(),
    /** 請求書番号: the issuer's own number (companies.last_invoice_number), the same for every version. */
    invoiceNumber: integer('invoice_number').notNull(),
    /** A generated invoice's lines, as its PDF prints them; null for uploaded files. */
    lines: jsonb('lines').$type<QualifiedInvoiceLineDto[]>(),
    /** 振込先: the transporter's accounts when this version was made (printed on a generated one). */
    payeeAccounts: jsonb('payee_accounts').$type<BankAccount[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id),
    actingAdminId: integer('acting_admin_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_root_version_unique').on(t.rootId, t.version),
    // An issuer's number names one invoice: its versions, and nothing else.
    uniqueIndex('invoices_number_version_unique').on(t.transportCompanyId, t.invoiceNumber, t.version),
    index('invoices_transport_current_idx')
      .on(t.transportCompanyId, t.billingDate, t.id)
      .where(sql`${t.supersededAt} is null`),
    index('invoices_discharger_current_idx')
      .on(t.dischargerCompanyId, t.billingDate, t.id)
      .where(sql`${t.supersededAt} is null`),
    index('invoices_billed_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'BILLED' and ${t.supersededAt} is null`),
    index('invoices_project_idx').on(t.projectId),
    // A month is billed from reports once per project: a second generated invoice would bill the same reports
    // again. Uploaded invoices of a billed month are a warning the transporter confirms (shared
    // `billedMonthConflicts`), found through this index's columns too.
    uniqueIndex('invoices_project_month_current_unique')
      .on(t.projectId, t.billedMonth)
      .where(sql`${t.source} = 'GENERATED' and ${t.supersededAt} is null`),
  ],
);

/** Every mail an invoice sent: the attachment mail, the payment notice, overdue reminders, the paid notice. */
export const invoiceSends = pgTable(
  'invoice_sends',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    rootId: integer('root_id').notNull(),
    kind: varchar('kind', { length: 24 })
      .notNull()
      .$type<'ATTACHMENT_MAIL' | 'PAYMENT_NOTICE_MAIL' | 'OVERDUE_REMINDER' | 'PAID_MAIL'>(),
    /** The overdue reminder's step (1-3); 0 for other mails. */
    step: smallint('step').notNull().default(0),
    /** Null for the system's own (the overdue job, a card payment). */
    sentBy: integer('sent_by').references(() => users.id),
    actingAdminId: integer('acting_admin_id'),
    recipients: integer('recipients').notNull().default(0),
    filesAttached: boolean('files_attached').notNull().default(false),
    /** The outbox rows of the mails. */
    outboxIds: jsonb('outbox_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_sends_root_idx').on(t.rootId, t.createdAt),
    // Each reminder step once per invoice version, however many job runs or processes try.
    uniqueIndex('invoice_sends_reminder_unique')
      .on(t.invoiceId, t.kind, t.step)
      .where(sql`${t.kind} = 'OVERDUE_REMINDER'`),
  ],
);

/**
 * A card payment attempt of an invoice (`features/invoices/card-payments.*`): the token the provider's card form gave, sent
 * with `attempt_key` as the provider's idempotency key, so asking again (a retry, the recovery job) never charges
 * twice. The provider's payment id arrives with its first answer.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    dischargerCompanyId: integer('discharger_company_id')
      .notNull()
      .references(() => companies.id),
    amount: integer('amount').notNull(),
    attemptKey: varchar('attempt_key', { length: 64 }).notNull(),
    /** The one-time token (valid minutes, no card data): kept to ask again while the provider's answer is unknown. */
    token: varchar('token', { length: 72 }).notNull(),
    returnUrl: text('return_url').notNull(),
    providerPaymentId: varchar('provider_payment_id', { length: 72 }),
    status: varchar('status', { length: 16 }).notNull().$type<CardPaymentStatus>(),
    declineCode: varchar('decline_code', { length: 32 }).$type<CardDeclineCode>(),
    actionUrl: text('action_url'),
    createdBy: integer('created_by').references(() => users.id),
    actingAdminId: integer('acting_admin_id').references(() => users.id),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('card_payments_attempt_key_unique').on(t.attemptKey),
    uniqueIndex('card_payments_provider_payment_unique').on(t.providerPaymentId),
    index('card_payments_invoice_idx').on(t.invoiceId, t.createdAt),
    index('card_payments_open_idx')
      .on(t.status, t.updatedAt)
      .where(sql`status in ('AUTHORIZING', 'REQUIRES_ACTION', 'AUTHORIZED')`),
  ],
);
