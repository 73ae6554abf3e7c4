import type {
  BankAccount,
  BankAccountType,
  CardDeclineCode,
  CardPaymentStatus,
  ManifestDifference,
  QualifiedInvoiceLineDto,
} from '@junkan/shared';
import { relations, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * The business clock's "now" in SQL: the database's `now()` moved by the offset of the configured start kept in
 * `business_clock` while a process runs on it (`JUNKAN_CLOCK`), else `now()` itself. Defined by migration 0032;
 * lib/clock.ts keeps the row that drives it.
 */
export const BUSINESS_NOW = sql`business_now()`;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * When a business record was made or last changed, by default: the business clock (`business_now()`, the
 * database's side of lib/clock.ts), so a record written while `JUNKAN_CLOCK` runs is dated as `app.now()` is.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(BUSINESS_NOW);
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().default(BUSINESS_NOW);
/**
 * When an operational row was made (a queue entry, a sign-in, a mailed link, a stored object): the machine's clock,
 * which the leases, lifetimes and sweeps over these rows compare with (the database's `now()`).
 */
const machineCreatedAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const machineUpdatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Discharger (WASTE) and transport/disposal (TRANSPORT) companies. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  type: varchar('type', { length: 16 }).notNull().$type<'WASTE' | 'TRANSPORT'>(),
  name: varchar('name', { length: 32 }).notNull(),
  postalCode: varchar('postal_code', { length: 8 }).notNull().default(''),
  address: varchar('address', { length: 254 }).notNull().default(''),
  tel: varchar('tel', { length: 13 }).notNull().default(''),
  email: varchar('email', { length: 254 }).notNull().default(''),
  contractPic: varchar('contract_pic', { length: 16 }).notNull().default(''),
  /** A transport company's qualified-invoice registration number (適格請求書発行事業者登録番号), 'T' + 13 digits. */
  invoiceRegistrationNumber: varchar('invoice_registration_number', { length: 14 }),
  /** The last 請求書番号 the company issued: the next invoice takes this plus one (never reused). */
  lastInvoiceNumber: integer('last_invoice_number').notNull().default(0),
  /**
   * A self-registered transport company waits for an administrator's approval before it sees any request
   * (PENDING, then APPROVED or REJECTED). Dischargers and companies made by an administrator are APPROVED.
   */
  approvalStatus: varchar('approval_status', { length: 16 })
    .notNull()
    .default('APPROVED')
    .$type<'PENDING' | 'APPROVED' | 'REJECTED'>(),
  approvalDecidedAt: timestamp('approval_decided_at', { withTimezone: true }),
  approvalDecidedBy: integer('approval_decided_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A transport company's bank accounts (振込先), in the order its bank-transfer invoices print them. */
export const companyBankAccounts = pgTable(
  'company_bank_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Codes, names and kana from the zengin code list at the time of saving. */
    bankCode: varchar('bank_code', { length: 4 }).notNull(),
    bankName: varchar('bank_name', { length: 64 }).notNull(),
    bankKana: varchar('bank_kana', { length: 64 }).notNull(),
    branchCode: varchar('branch_code', { length: 3 }).notNull(),
    branchName: varchar('branch_name', { length: 64 }).notNull(),
    branchKana: varchar('branch_kana', { length: 64 }).notNull(),
    accountType: varchar('account_type', { length: 8 }).notNull().$type<BankAccountType>(),
    accountNumber: varchar('account_number', { length: 7 }).notNull(),
    /** Half-width kana as a transfer carries it. */
    holderName: varchar('holder_name', { length: 30 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('company_bank_accounts_position_unique').on(t.companyId, t.position)],
);

export const offices = pgTable(
  'offices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    postalCode: varchar('postal_code', { length: 8 }).notNull(),
    address: varchar('address', { length: 254 }).notNull(),
    tel: varchar('tel', { length: 13 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('offices_company_idx').on(t.companyId)],
);

export const dischargeSites = pgTable(
  'discharge_sites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    postalCode: varchar('postal_code', { length: 8 }).notNull(),
    address1: varchar('address1', { length: 254 }).notNull(),
    address2: varchar('address2', { length: 254 }).notNull().default(''),
    address3: varchar('address3', { length: 80 }).notNull().default(''),
    tel: varchar('tel', { length: 13 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    pic: varchar('pic', { length: 16 }).notNull().default(''),
    /** Manifest-network subscriber number and confirmation key of this site, when it has its own. */
    subscriberNumber: varchar('subscriber_number', { length: 7 }),
    ediKey: varchar('edi_key', { length: 8 }),
    createdAt: createdAt(),
  },
  (t) => [index('discharge_sites_company_idx').on(t.companyId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case; unique. */
    email: varchar('email', { length: 254 }).notNull(),
    // The spec's sign-up sends the e-mail here, so it is as long as an address may be.
    userName: varchar('user_name', { length: 254 }).notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 16 }).notNull().$type<'ADMIN' | 'WASTE' | 'TRANSPORT'>(),
    companyId: integer('company_id').references(() => companies.id),
    enabled: boolean('enabled').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Manifest-network registrant (subscriber) number, 7 alphanumerics. */
    registrantNumber: varchar('registrant_number', { length: 7 }),
    ediKey: varchar('edi_key', { length: 8 }),
    collectionRequestEnabled: boolean('collection_request_enabled').notNull().default(false),
    /** Quote parameters carried from account creation to the first quote request. */
    signupQuoteParams: jsonb('signup_quote_params').$type<Record<string, string | number>>(),
    /** Removed from the account master; kept for the records that name the user. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_registrant_number_unique').on(t.registrantNumber),
    uniqueIndex('users_edi_key_unique').on(t.ediKey),
    index('users_company_idx').on(t.companyId),
  ],
);

/** Extra permission keys granted to a user in data (ruling 11). */
export const userPermissionGrants = pgTable(
  'user_permission_grants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);

/**
 * A sign-in: every token carries its id (`sid`), so signing out or changing the password ends it at once, and
 * `expires_at` bounds how long refresh can extend it after the password was typed.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the password was typed. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull(),
    /** Absolute end: no token of this session is accepted or refreshed after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: machineCreatedAt(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/** Fixed-window counters of rate limits, shared by every server process on the database. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: varchar('key', { length: 320 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Secrets every server process on the database must share (the token signing key), generated once. */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The server processes serving now: each registers itself at start, beats every 15 s (the database's clock) and
 * removes its row when it closes. A row whose heartbeat is over a minute old is a process that died; the
 * operations screen lists the others, and work a dead process held is taken over (jobs' own heartbeats).
 */
export const serverProcesses = pgTable(
  'server_processes',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    host: varchar('host', { length: 255 }).notNull(),
    pid: integer('pid').notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    /** Whether the process works background jobs (`JOBS`). */
    worksJobs: boolean('works_jobs').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('server_processes_heartbeat_idx').on(t.heartbeatAt)],
);

/**
 * The business clock every process runs on when `JUNKAN_CLOCK` is set (lib/clock.ts): the configured start and
 * the machine instant it was first applied. One row; a changed start replaces it, the same start carries on.
 */
export const businessClockSettings = pgTable('business_clock', {
  id: smallint('id').primaryKey().default(1),
  configuredStart: text('configured_start').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
  /** The configured start as an instant, for `business_now()`: the clock reads `start_at + (now() - applied_at)`. */
  startAt: timestamp('start_at', { withTimezone: true }),
  /** Whether the processes run on this clock: off when a process starts without `JUNKAN_CLOCK`. */
  inUse: boolean('in_use').notNull().default(false),
});

/**
 * Runs of the scheduled jobs (plugins/jobs/scheduler.ts). A scheduled run's `slot` (the business date of a daily
 * job, the business minute of an interval job) is unique per job, so exactly one process sends it; a run asked
 * for by hand (`npm run job`, the admin call) has no slot. Times are the business clock's.
 */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobName: varchar('job_name', { length: 64 }).notNull(),
    slot: varchar('slot', { length: 32 }),
    trigger: varchar('trigger', { length: 16 }).$type<'SCHEDULE' | 'MANUAL'>().notNull(),
    status: varchar('status', { length: 16 })
      .$type<'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'SKIPPED'>()
      .notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scheduled_job_runs_slot_uq').on(t.jobName, t.slot),
    index('scheduled_job_runs_job_idx').on(t.jobName, t.id),
  ],
);

/** Single-use mailed tokens; only their SHA-256 is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 16 }).notNull().$type<'ACTIVATION' | 'PASSWORD_RESET'>(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: machineCreatedAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_unique').on(t.tokenHash)],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 64 }).notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    type: varchar('type', { length: 16 }).notNull().$type<'INDUSTRIAL' | 'REGULAR'>(),
    memo: text('memo'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    transportCompanyId: integer('transport_company_id').references(() => companies.id),
    officeId: integer('office_id').references(() => offices.id),
    createdBy: integer('created_by').references(() => users.id),
    /** When the discharger sent the quote request (REQUEST_QUOTE). */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_company_idx').on(t.companyId, t.createdAt, t.id),
    index('projects_transport_company_idx').on(t.transportCompanyId, t.createdAt, t.id),
  ],
);

export const projectDischargeSites = pgTable(
  'project_discharge_sites',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    dischargeSiteId: integer('discharge_site_id')
      .notNull()
      .references(() => dischargeSites.id),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.dischargeSiteId] })],
);

/** Waste lines of a project: industrial (pwasteIndustries) or regular (pwasteRegulars). */
export const projectWasteLines = pgTable(
  'project_waste_lines',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull().$type<'INDUSTRIAL' | 'REGULAR'>(),
    wasteName: varchar('waste_name', { length: 64 }).notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }),
    quantityUnit: varchar('quantity_unit', { length: 16 }),
    dimensions: varchar('dimensions', { length: 64 }),
    frequency: varchar('frequency', { length: 16 }),
    frequencyNumber: integer('frequency_number'),
    /** Regular waste: bag counts by size in litres, weekdays. */
    bags: jsonb('bags').$type<Record<string, number>>(),
    weekdays: jsonb('weekdays').$type<number[]>(),
    wasteDetails: text('waste_details'),
    transTime: varchar('trans_time', { length: 32 }),
    /** Industrial: the waste classification; regular: the regular category (both from the waste master). */
    wasteId: integer('waste_id').references((): AnyPgColumn => wastes.id),
    packingStyleId: integer('packing_style_id').references((): AnyPgColumn => packingStyles.id),
    unitMeasureId: integer('unit_measure_id').references((): AnyPgColumn => unitMeasures.id),
    /** Regular waste: monthly capacity in kg. */
    monthlyCapacity: numeric('monthly_capacity', { precision: 12, scale: 2 }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('project_waste_lines_project_idx').on(t.projectId)],
);

/** Every move of a project's status: who (and the acting admin), when, from, to, and why. */
export const projectStatusHistory = pgTable(
  'project_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 24 }),
    toStatus: varchar('to_status', { length: 24 }).notNull(),
    userId: integer('user_id'),
    adminId: integer('admin_id'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('project_status_history_project_idx').on(t.projectId, t.createdAt)],
);

/** A transport company's quote for a project; one per company and project. */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id),
    status: varchar('status', { length: 16 })
      .notNull()
      .$type<'DRAFT' | 'SUBMITTED' | 'ACCEPTED' | 'DECLINED'>(),
    /** Whole yen, tax excluded. */
    totalAmount: integer('total_amount').notNull().default(0),
    /** Industrial quotes: COMBINED (transport and disposal together) or SEPARATE; null when not stated. */
    contractForm: varchar('contract_form', { length: 16 }).$type<'COMBINED' | 'SEPARATE'>(),
    validUntil: date('valid_until', { mode: 'string' }),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('quotes_project_company_unique').on(t.projectId, t.transportCompanyId)],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    wasteLineId: integer('waste_line_id')
      .notNull()
      .references(() => projectWasteLines.id, { onDelete: 'cascade' }),
    unitPrice: integer('unit_price').notNull(),
    /** A COMBINED quote's industrial line: the parts whose sum is the unit price (null otherwise). */
    transportUnitPrice: integer('transport_unit_price'),
    disposalUnitPrice: integer('disposal_unit_price'),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitMeasureId: integer('unit_measure_id').references((): AnyPgColumn => unitMeasures.id),
    /** Per quantity in the unit, per bag of `bag_size` litres, or per collection (regular lines asked in bags). */
    pricingBasis: varchar('pricing_basis', { length: 16 })
      .notNull()
      .default('QUANTITY')
      .$type<'QUANTITY' | 'BAG' | 'COLLECTION'>(),
    bagSize: integer('bag_size'),
    amount: integer('amount').notNull(),
  },
  (t) => [index('quote_lines_quote_idx').on(t.quoteId)],
);

/** A project's contract, written by its transporter and approved by the discharger; one per project. */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id),
    status: varchar('status', { length: 16 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    contractType: varchar('contract_type', { length: 16 }).notNull(),
    contractForm: varchar('contract_form', { length: 16 }).notNull(),
    paymentMethod: varchar('payment_method', { length: 16 }).notNull(),
    /** AUTO_UPDATE only: CONTINUE or END at the end of the current period; null until decided. */
    renewal: varchar('renewal', { length: 8 }),
    manifestFee: integer('manifest_fee').notNull().default(0),
    preparationFee: integer('preparation_fee').notNull().default(0),
    contactPerson: varchar('contact_person', { length: 16 }).notNull(),
    /**
     * The permit the license is chosen from; null on contracts written before permits were kept. The three
     * license columns are its district name, number and expiry as they were when the contract was saved.
     */
    permitId: integer('permit_id').references((): AnyPgColumn => permits.id),
    licenseNumber: varchar('license_number', { length: 32 }).notNull(),
    licenseDistrict: varchar('license_district', { length: 32 }).notNull(),
    licenseExpireDate: date('license_expire_date', { mode: 'string' }).notNull(),
    /** Why the discharger last returned it; kept until the next send. */
    returnReason: text('return_reason'),
    /** Bumped on every write, so a send or approval acts on exactly the version that was read. */
    version: integer('version').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contracts_project_unique').on(t.projectId),
    index('contracts_transport_company_idx').on(t.transportCompanyId),
    index('contracts_permit_idx').on(t.permitId),
    index('contracts_status_dates_idx').on(t.status, t.startDate, t.endDate),
  ],
);

/** The contract's unit price for each waste line of the project. */
export const contractUnitPrices = pgTable(
  'contract_unit_prices',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    wasteLineId: integer('waste_line_id')
      .notNull()
      .references(() => projectWasteLines.id, { onDelete: 'cascade' }),
    unitPrice: integer('unit_price').notNull(),
    /** A COMBINED contract's industrial line: the parts whose sum is the unit price (null otherwise). */
    transportUnitPrice: integer('transport_unit_price'),
    disposalUnitPrice: integer('disposal_unit_price'),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.wasteLineId] })],
);

export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    ownerType: varchar('owner_type', { length: 32 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    /** Which file storage holds the bytes (`plugins/file-storage`), so files stay readable after a switch. */
    storageDriver: varchar('storage_driver', { length: 16 })
      .notNull()
      .default('database')
      .$type<'database' | 'disk' | 's3'>(),
    /** The object's key in that storage. */
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    /** SHA-256 of the content, hex. */
    sha256: varchar('sha256', { length: 64 }),
    /**
     * Where files were kept before the file storage: emptied by the migration (moved into `stored_files`),
     * never written; to be dropped by a later release.
     */
    content: bytea('content'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_owner_idx').on(t.ownerType, t.ownerId)],
);

/**
 * The database file storage's objects (`plugins/file-storage/database-storage.ts`): one row per object, its bytes
 * in chunks so that neither a write nor a read holds a whole file. `size` stays null until every chunk is written.
 */
export const storedFiles = pgTable('stored_files', {
  key: varchar('key', { length: 255 }).primaryKey(),
  size: bigint('size', { mode: 'number' }),
  createdAt: machineCreatedAt(),
});

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: varchar('key', { length: 255 })
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);

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
    /** The sending client's id of the message: sending it again stores nothing new. */
    clientId: varchar('client_id', { length: 64 }).notNull(),
    body: text('body').notNull(),
    /** The inquiry this message was copied into, once support turned it into one. */
    inquiryId: integer('inquiry_id').references(() => inquiries.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_messages_client_unique').on(t.conversationId, t.clientId),
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
  ],
);

// ---- Master data -------------------------------------------------------------------------------

/** Waste classification: major (1), middle (2) and minor (3) levels; `parentPath` lists the ancestor ids. */
export const wastes = pgTable(
  'wastes',
  {
    id: serial('id').primaryKey(),
    category: varchar('category', { length: 16 }).notNull().$type<'INDUSTRIAL' | 'REGULAR'>(),
    name: varchar('name', { length: 64 }).notNull(),
    wasteCode: varchar('waste_code', { length: 7 }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => wastes.id),
    /** Ancestor ids as `/1/12/` (empty for a major class). */
    parentPath: varchar('parent_path', { length: 64 }).notNull().default(''),
    level: smallint('level').notNull(),
    /** Weight conversion factors: tonnes per cubic metre and per piece. */
    tPerM3: numeric('t_per_m3', { precision: 10, scale: 4 }),
    tPerPiece: numeric('t_per_piece', { precision: 10, scale: 4 }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wastes_code_unique').on(t.wasteCode), index('wastes_parent_idx').on(t.parentId)],
);

/** Units of measure (t, m3, kg, and count units that force valuables to 0). */
export const unitMeasures = pgTable(
  'unit_measures',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 8 }).notNull(),
    unit: varchar('unit', { length: 16 }).notNull(),
    isCount: boolean('is_count').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('unit_measures_code_unique').on(t.code),
    uniqueIndex('unit_measures_unit_unique').on(t.unit),
  ],
);

/** Packing styles (荷姿). */
export const packingStyles = pgTable(
  'packing_styles',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 8 }).notNull(),
    style: varchar('style', { length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('packing_styles_code_unique').on(t.code),
    uniqueIndex('packing_styles_style_unique').on(t.style),
  ],
);

/** Disposal methods (処分方法). */
export const disposalMethods = pgTable(
  'disposal_methods',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 8 }).notNull(),
    method: varchar('method', { length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('disposal_methods_code_unique').on(t.code),
    uniqueIndex('disposal_methods_method_unique').on(t.method),
  ],
);

/** Disposal sites (処分場) where collected waste goes. */
export const disposalSites = pgTable(
  'disposal_sites',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    city: varchar('city', { length: 32 }).notNull().default(''),
    address1: varchar('address1', { length: 254 }).notNull().default(''),
    address2: varchar('address2', { length: 254 }).notNull().default(''),
    address3: varchar('address3', { length: 80 }).notNull().default(''),
    licenseNumber: varchar('license_number', { length: 32 }).notNull().default(''),
    expireDate: date('expire_date', { mode: 'string' }),
    disposalMethodId: integer('disposal_method_id').references(() => disposalMethods.id),
    capacity: varchar('capacity', { length: 32 }).notNull().default(''),
    subscriberNumber: varchar('subscriber_number', { length: 7 }),
    manifestPermitNumber: varchar('manifest_permit_number', { length: 32 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('disposal_sites_code_unique').on(t.code)],
);

/** Transport and disposal operator master: what the platform records about a transport company. */
export const transportOperatorProfiles = pgTable('transport_operator_profiles', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  contractManager: varchar('contract_manager', { length: 16 }).notNull().default(''),
  /** Prefectures or areas the operator can serve. */
  compatibleAreas: jsonb('compatible_areas').$type<string[]>().notNull().default([]),
  destinationDisposalSiteId: integer('destination_disposal_site_id').references(() => disposalSites.id),
  updatedAt: updatedAt(),
});

/** A transport company's collection area for one waste type, by postal codes. */
export const collectionAreas = pgTable(
  'collection_areas',
  {
    id: serial('id').primaryKey(),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id),
    type: varchar('type', { length: 16 }).notNull().$type<'INDUSTRIAL' | 'REGULAR'>(),
    areaName: varchar('area_name', { length: 32 }).notNull(),
    licenseNumber: varchar('license_number', { length: 32 }).notNull().default(''),
    administrativeDistrict: varchar('administrative_district', { length: 32 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('collection_areas_name_unique').on(t.transportCompanyId, t.type, t.areaName)],
);

export const collectionAreaPostalCodes = pgTable(
  'collection_area_postal_codes',
  {
    areaId: integer('area_id')
      .notNull()
      .references(() => collectionAreas.id, { onDelete: 'cascade' }),
    transportCompanyId: integer('transport_company_id').notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    posCode: varchar('pos_code', { length: 8 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.posCode] }),
    uniqueIndex('collection_area_pos_code_unique').on(t.transportCompanyId, t.type, t.posCode),
  ],
);

/** Unit prices of a collection area with validity periods; periods of the same waste must not overlap. */
export const collectionAreaPrices = pgTable(
  'collection_area_prices',
  {
    id: serial('id').primaryKey(),
    areaId: integer('area_id')
      .notNull()
      .references(() => collectionAreas.id, { onDelete: 'cascade' }),
    wasteId: integer('waste_id').references(() => wastes.id),
    /** Whole yen, tax excluded. */
    unitPrice: integer('unit_price').notNull(),
    unitMeasureId: integer('unit_measure_id').references(() => unitMeasures.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('collection_area_prices_area_idx').on(t.areaId, t.wasteId)],
);

/** The platform's handling-waste unit prices (ruling 11's granted right), by waste and period. */
export const handlingWastePrices = pgTable(
  'handling_waste_prices',
  {
    id: serial('id').primaryKey(),
    wasteId: integer('waste_id')
      .notNull()
      .references(() => wastes.id),
    unitPrice: integer('unit_price').notNull(),
    unitMeasureId: integer('unit_measure_id').references(() => unitMeasures.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('handling_waste_prices_waste_idx').on(t.wasteId)],
);

/**
 * A disposal contractor's disposal unit prices (処分単価) by waste, unit and validity period; periods of one
 * company, waste and unit never overlap (checked by the server with the shared rule, under a company row lock).
 */
export const disposalUnitPrices = pgTable(
  'disposal_unit_prices',
  {
    id: serial('id').primaryKey(),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    wasteId: integer('waste_id')
      .notNull()
      .references(() => wastes.id),
    unitMeasureId: integer('unit_measure_id')
      .notNull()
      .references(() => unitMeasures.id),
    /** Whole yen, tax excluded. */
    unitPrice: integer('unit_price').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('disposal_unit_prices_company_waste_idx').on(t.transportCompanyId, t.wasteId, t.unitMeasureId),
  ],
);

/** A transport company's business days and hours. */
export const businessSettings = pgTable('business_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Business weekdays, 0 = Sunday ... 6 = Saturday. */
  weekdays: jsonb('weekdays').$type<number[]>().notNull().default([1, 2, 3, 4, 5]),
  openTime: varchar('open_time', { length: 5 }).notNull().default('08:00'),
  closeTime: varchar('close_time', { length: 5 }).notNull().default('17:00'),
  closedOnNationalHolidays: boolean('closed_on_national_holidays').notNull().default(true),
  /** Closed from 29 December to 3 January (年末年始). */
  closedOnYearEnd: boolean('closed_on_year_end').notNull().default(false),
  updatedAt: updatedAt(),
});

/** Closed days a company adds on top of the national holidays. */
export const businessClosedDays = pgTable(
  'business_closed_days',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    reason: varchar('reason', { length: 64 }).notNull().default(''),
  },
  (t) => [uniqueIndex('business_closed_days_unique').on(t.companyId, t.date)],
);

export const companiesRelations = relations(companies, ({ many }) => ({
  offices: many(offices),
  dischargeSites: many(dischargeSites),
}));
export const officesRelations = relations(offices, ({ one }) => ({
  company: one(companies, { fields: [offices.companyId], references: [companies.id] }),
}));
export const dischargeSitesRelations = relations(dischargeSites, ({ one }) => ({
  company: one(companies, { fields: [dischargeSites.companyId], references: [companies.id] }),
}));
export const usersRelations = relations(users, ({ one, many }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  grants: many(userPermissionGrants),
}));
export const userPermissionGrantsRelations = relations(userPermissionGrants, ({ one }) => ({
  user: one(users, { fields: [userPermissionGrants.userId], references: [users.id] }),
}));

// ---- Completion reports and electronic manifests (issue 5) ----------------------------------------

/** An electronic manifest as the manifest network (JWNET) last answered for it. */
export const manifests = pgTable(
  'manifests',
  {
    id: serial('id').primaryKey(),
    /** The network's 11-digit number. */
    manifestNumber: varchar('manifest_number', { length: 11 }).notNull(),
    projectId: integer('project_id').references(() => projects.id),
    dischargerCompanyId: integer('discharger_company_id')
      .notNull()
      .references(() => companies.id),
    transportCompanyId: integer('transport_company_id').references(() => companies.id),
    wasteName: varchar('waste_name', { length: 64 }).notNull().default(''),
    dischargeSiteName: varchar('discharge_site_name', { length: 64 }).notNull().default(''),
    /** 交付日. */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** The network's own status (e.g. TEMP_TRANSPORT), as answered. */
    networkStatus: varchar('network_status', { length: 32 }),
    transportEndDate: date('transport_end_date', { mode: 'string' }),
    disposalEndDate: date('disposal_end_date', { mode: 'string' }),
    finalDisposalEndDate: date('final_disposal_end_date', { mode: 'string' }),
    /** Reservation, transportation, processing and final phases with their dates, as answered. */
    phases: jsonb('phases').$type<Record<string, unknown>>(),
    /** Codes of the network's functions still running for this manifest (1000, 0403, ...). */
    runningFunctions: jsonb('running_functions').$type<string[]>().notNull().default([]),
    /**
     * The quantity (数量) and unit registered, and the project's waste line it is counted against for the
     * contract's quantities (`contractLineOf`); null on manifests registered outside the product or before
     * they were kept.
     */
    wasteLineId: integer('waste_line_id').references(() => projectWasteLines.id, { onDelete: 'set null' }),
    quantity: numeric('quantity', { precision: 9, scale: 2 }),
    unitMeasureId: integer('unit_measure_id').references(() => unitMeasures.id),
    /** The disposal site the manifest names (its name kept as registered); null when none. */
    disposalSiteId: integer('disposal_site_id').references(() => disposalSites.id),
    disposalSiteName: varchar('disposal_site_name', { length: 64 }),
    /**
     * The differences from the contract (manifest-agreement.ts) the discharger confirmed on registering it, as
     * shown then, with who and when; null when it agreed with its contract.
     */
    confirmedDifferences: jsonb('confirmed_differences').$type<ManifestDifference[]>(),
    differencesConfirmedBy: integer('differences_confirmed_by').references(() => users.id),
    differencesConfirmedAt: timestamp('differences_confirmed_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('manifests_number_unique').on(t.manifestNumber),
    index('manifests_discharger_idx').on(t.dischargerCompanyId, t.deliveryDate),
    index('manifests_transport_idx').on(t.transportCompanyId, t.deliveryDate),
    index('manifests_waste_line_idx').on(t.wasteLineId, t.deliveryDate),
  ],
);

/**
 * A transporter's report of completed industrial transport: the values reported, and the corrected values
 * (`last_*`) while a correction awaits the discharger or after it was accepted.
 */
export const transportReports = pgTable(
  'transport_reports',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    wasteLineId: integer('waste_line_id').references(() => projectWasteLines.id),
    dischargerCompanyId: integer('discharger_company_id')
      .notNull()
      .references(() => companies.id),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id),
    wasteId: integer('waste_id')
      .notNull()
      .references((): AnyPgColumn => wastes.id),
    wasteName: varchar('waste_name', { length: 64 }).notNull(),
    manifestId: integer('manifest_id').references(() => manifests.id),
    manifestNumber: varchar('manifest_number', { length: 11 }),
    status: varchar('status', { length: 24 }).notNull().default('BLANK'),
    collectTime: date('collect_time', { mode: 'string' }).notNull(),
    endDateTransport: date('end_date_transport', { mode: 'string' }).notNull(),
    transportVolume: numeric('transport_volume', { precision: 9, scale: 2 }).notNull(),
    transportVolumeUnitId: integer('transport_volume_unit_id').references((): AnyPgColumn => unitMeasures.id),
    valuablesCollected: numeric('valuables_collected', { precision: 9, scale: 2 }),
    valuablesCollectedUnitId: integer('valuables_collected_unit_id').references(
      (): AnyPgColumn => unitMeasures.id,
    ),
    vehicleNumber: varchar('vehicle_number', { length: 30 }),
    reporter: varchar('reporter', { length: 24 }),
    transporter: varchar('transporter', { length: 24 }).notNull(),
    disposalMethodId: integer('disposal_method_id').references((): AnyPgColumn => disposalMethods.id),
    lastEndDateTransport: date('last_end_date_transport', { mode: 'string' }),
    lastTransportVolume: numeric('last_transport_volume', { precision: 9, scale: 2 }),
    lastTransportVolumeUnitId: integer('last_transport_volume_unit_id'),
    lastValuablesCollected: numeric('last_valuables_collected', { precision: 9, scale: 2 }),
    lastValuablesCollectedUnitId: integer('last_valuables_collected_unit_id'),
    lastVehicleNumber: varchar('last_vehicle_number', { length: 30 }),
    lastReporter: varchar('last_reporter', { length: 24 }),
    lastTransporter: varchar('last_transporter', { length: 24 }),
    lastDisposalMethodId: integer('last_disposal_method_id'),
    /**
     * Valuables were reported (the live value: corrected or reported) on a day the route had no transshipment
     * storage (valuables-transshipment.ts); shown to the transporter as a warning.
     */
    valuablesWithoutTransshipment: boolean('valuables_without_transshipment').notNull().default(false),
    /** The day the transport-end report is due (3 counted days after the end of transport). */
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /** Whether the report went to the manifest network (a manifest number was given). */
    isSynced: boolean('is_synced').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when a deletion was approved; the row stays for the record. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('transport_reports_transport_idx').on(t.transportCompanyId, t.endDateTransport),
    index('transport_reports_discharger_idx').on(t.dischargerCompanyId, t.endDateTransport),
    index('transport_reports_project_idx').on(t.projectId),
    // The details of an achievement line: one discharger's waste over a month or a year, live reports only, in
    // the details' default order (date, id). It holds the columns the details filter on (transporter, unit) and
    // sort by (volume, manifest, project), so the count and a page's ids are read from it alone, however deep
    // the page: only the page's own rows are then read from the table.
    index('transport_reports_achievement_detail_idx')
      .on(
        t.dischargerCompanyId,
        t.wasteId,
        t.endDateTransport,
        t.id,
        // After the unique id these order nothing: they are carried, as INCLUDE would (drizzle has no INCLUDE).
        t.transportCompanyId,
        t.transportVolumeUnitId,
        t.transportVolume,
        t.manifestNumber,
        t.projectId,
      )
      .where(sql`deleted_at is null`),
  ],
);

/** A transporter's monthly weight of one regular-waste category of a project (kg). */
export const regularReports = pgTable(
  'regular_reports',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    dischargerCompanyId: integer('discharger_company_id')
      .notNull()
      .references(() => companies.id),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id),
    /** The regular category (a REGULAR waste of the master). */
    wasteId: integer('waste_id')
      .notNull()
      .references((): AnyPgColumn => wastes.id),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    volume: numeric('volume', { precision: 9, scale: 2 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('regular_reports_unique').on(t.projectId, t.year, t.month, t.wasteId),
    index('regular_reports_transport_idx').on(t.transportCompanyId, t.year, t.month),
    index('regular_reports_discharger_idx').on(t.dischargerCompanyId, t.year, t.month),
  ],
);

/**
 * The achievements list, summed per month: one row per transporter, discharger, waste, unit and month, for the
 * live industrial reports (kind 1, by transport end date) and the regular reports (kind 2, unit null: kg). Kept
 * by triggers on `transport_reports` and `regular_reports` in the same transaction as every write, so no write
 * path can forget it (`drizzle/custom/achievements-summary.sql`). A line's status is read from its counts.
 * No foreign keys: it is derived data, rebuilt by `achievement_monthly_rebuild()`.
 */
export const achievementMonthly = pgTable(
  'achievement_monthly',
  {
    transportCompanyId: integer('transport_company_id').notNull(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    kind: smallint('kind').notNull(),
    dischargerCompanyId: integer('discharger_company_id').notNull(),
    wasteId: integer('waste_id').notNull(),
    unitId: integer('unit_id'),
    volume: numeric('volume', { precision: 18, scale: 2 }).notNull(),
    reportCount: integer('report_count').notNull(),
    /** Reports waiting for the discharger (ACCEPTANCE_OR_DENIAL). */
    awaitingCount: integer('awaiting_count').notNull().default(0),
    /** Reports whose deletion is requested (REQUEST_DELETE). */
    deleteRequestedCount: integer('delete_requested_count').notNull().default(0),
    /** Rejected reports (REJECTION). */
    rejectedCount: integer('rejected_count').notNull().default(0),
  },
  (t) => [
    unique('achievement_monthly_key')
      .on(t.transportCompanyId, t.year, t.month, t.kind, t.dischargerCompanyId, t.wasteId, t.unitId)
      .nullsNotDistinct(),
    index('achievement_monthly_discharger_idx').on(t.dischargerCompanyId, t.year, t.month),
  ],
);

/**
 * Work for the manifest network, written in the same transaction as the change it carries and sent by a
 * worker with retries, so a network fault or a restart loses nothing. `request_key` makes a resend
 * idempotent on the network's side.
 */
export const jwnetRequests = pgTable(
  'jwnet_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestKey: varchar('request_key', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    manifestNumber: varchar('manifest_number', { length: 11 }),
    transportReportId: integer('transport_report_id').references(() => transportReports.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** QUEUED (to send), SENT (accepted, result pending), DONE, REFUSED (by the network), FAILED (gave up). */
    state: varchar('state', { length: 16 }).notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    remoteRequestId: varchar('remote_request_id', { length: 64 }),
    lastError: text('last_error'),
    /** The network's refusal code when it refused the request (mapped to a message code for the screens). */
    refusalCode: varchar('refusal_code', { length: 32 }),
    createdAt: machineCreatedAt(),
    updatedAt: machineUpdatedAt(),
  },
  (t) => [
    uniqueIndex('jwnet_requests_key_unique').on(t.requestKey),
    index('jwnet_requests_due_idx').on(t.state, t.nextAttemptAt),
    index('jwnet_requests_report_idx').on(t.transportReportId),
  ],
);

/**
 * A discharger's request for collections under a contract in force: chosen dates (DATES), or a regular
 * contract's frequency, weekdays and number of collections (RECURRING), generated over the contract period.
 */
export const collectionRequests = pgTable(
  'collection_requests',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id),
    dischargeSiteId: integer('discharge_site_id')
      .notNull()
      .references(() => dischargeSites.id),
    kind: varchar('kind', { length: 16 }).notNull().$type<'DATES' | 'RECURRING'>(),
    frequency: varchar('frequency', { length: 16 }).$type<'DAILY' | 'WEEKLY' | 'MONTHLY'>(),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    collectionCount: integer('collection_count'),
    vehicleLimit: varchar('vehicle_limit', { length: 8 }).notNull().default('NONE'),
    entryFrom: varchar('entry_from', { length: 5 }),
    entryUntil: varchar('entry_until', { length: 5 }),
    memo: text('memo'),
    /** A recurring request's collections are generated up to this date (regenerated when the contract renews). */
    generatedUntil: date('generated_until', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('collection_requests_project_idx').on(t.projectId),
    index('collection_requests_contract_idx').on(t.contractId),
  ],
);

/** What a request asks to collect: a waste line of the contract, with bags by size or a volume. */
export const collectionRequestLines = pgTable(
  'collection_request_lines',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => collectionRequests.id, { onDelete: 'cascade' }),
    wasteLineId: integer('waste_line_id')
      .notNull()
      .references(() => projectWasteLines.id, { onDelete: 'cascade' }),
    bags: jsonb('bags').$type<Record<string, number>>().notNull().default({}),
    volume: numeric('volume', { precision: 12, scale: 2 }),
  },
  (t) => [index('collection_request_lines_request_idx').on(t.requestId)],
);

/** One collection on one day: what both sides' schedules show. */
export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => collectionRequests.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id),
    dischargeSiteId: integer('discharge_site_id')
      .notNull()
      .references(() => dischargeSites.id),
    /** The current date: desired, proposed or agreed. */
    date: date('date', { mode: 'string' }).notNull(),
    desiredDate: date('desired_date', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    /** SKIPPED: why the transporter does not collect that day. */
    skipReason: varchar('skip_reason', { length: 24 }),
    /** The last reason given (return, not collected, proposal, cancellation). */
    reason: text('reason'),
    /** Bumped on every change, so two answers to the same state cannot both pass. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('collections_company_date_idx').on(t.companyId, t.date),
    index('collections_transport_date_idx').on(t.transportCompanyId, t.date),
    index('collections_project_date_idx').on(t.projectId, t.date),
    index('collections_request_idx').on(t.requestId),
  ],
);

/** Every change of a collection: who (and the acting admin), when, from, to, why. */
export const collectionHistory = pgTable(
  'collection_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    userId: integer('user_id'),
    adminId: integer('admin_id'),
    /** WASTE, TRANSPORT or SYSTEM (the contract calendar). */
    role: varchar('role', { length: 16 }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('collection_history_collection_idx').on(t.collectionId, t.createdAt)],
);

/**
 * A company's private iCalendar feed: only the token's hash is kept; issuing a new one revokes the old. The feed
 * answers only while its issuer (the user, and the admin who acted for it) could still read the schedule.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    /** The admin who issued it acting for `created_by`; null when the user issued it. */
    createdByAdmin: integer('created_by_admin').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash)],
);

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

/**
 * A transporter's permits (許可証): collection-and-transport or disposal permits issued by a prefecture or a
 * designated city. Never deleted: retiring sets `retired_at` (permits are kept five years). The pair district +
 * license number identifies one real permit, so it is unique among live permits across all companies. The PDF copy
 * is an attachment row (owner type PERMIT).
 */
export const permits = pgTable(
  'permits',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** PERMIT_DISTRICTS code: "13" (東京都) or "14100" (横浜市). */
    districtCode: varchar('district_code', { length: 5 }).notNull(),
    licenseNumber: varchar('license_number', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 24 }).notNull().$type<'COLLECTION_TRANSPORT' | 'DISPOSAL'>(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    transshipment: boolean('transshipment').notNull().default(false),
    storageSite: varchar('storage_site', { length: 254 }).notNull().default(''),
    /** Major classes (level 1) of the waste master. */
    wasteKindIds: jsonb('waste_kind_ids').$type<number[]>().notNull().default([]),
    /** The last expiry warning mailed (DAYS_90, DAYS_30, EXPIRED); reset when a new expiry date is saved. */
    expiryStepMailed: varchar('expiry_step_mailed', { length: 8 }).$type<'DAYS_90' | 'DAYS_30' | 'EXPIRED'>(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('permits_district_license_live_unique')
      .on(t.districtCode, t.licenseNumber)
      .where(sql`${t.retiredAt} is null`),
    index('permits_company_expiry_idx').on(t.companyId, t.expiryDate),
    index('permits_live_expiry_idx').on(t.expiryDate).where(sql`${t.retiredAt} is null`),
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

/**
 * The permit coverage gaps of a contract in force already mailed to both sides (issue 15): one row per gap
 * (`coverageGapKey`), written with its mails by the daily coverage run and deleted when the gap closes, so a gap
 * is announced once and again only if it comes back.
 */
export const contractCoverageAlerts = pgTable(
  'contract_coverage_alerts',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    gapKey: text('gap_key').notNull(),
    /** Prefecture code, or the address whose prefecture could not be read; null without a disposal site. */
    district: text('district'),
    wasteKindId: integer('waste_kind_id'),
    reason: varchar('reason', { length: 24 }).notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull().default(BUSINESS_NOW),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.gapKey] })],
);
