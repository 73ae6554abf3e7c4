/**
 * Accounts: companies (dischargers and transporters) with their bank accounts, offices, discharge sites and
 * business calendar, their users with granted permissions, sign-ins and mailed tokens, and the relations between
 * them. (Entry point: db/schema.ts.)
 */
import type { BankAccountType } from '@junkan/shared/rules/bank-account';
import { relations } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, machineCreatedAt, updatedAt } from './columns';

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
    role: varchar('role', { length: 16 }).notNull().$type<'ADMIN' | 'WASTE' | 'TRANSPORT' | 'DRIVER'>(),
    companyId: integer('company_id').references(() => companies.id),
    /** A driver's usual vehicle: the stops the office gives that vehicle are the driver's too. */
    vehicleId: integer('vehicle_id').references((): AnyPgColumn => vehicles.id, { onDelete: 'set null' }),
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

/** A transport company's vehicle, to which the office assigns stops (and the drivers who drive it). */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** What the office calls it: 「2t パッカー 1号車」. */
    name: varchar('name', { length: 64 }).notNull(),
    /** The number plate as written: 「品川 400 あ 12-34」. */
    plateNumber: varchar('plate_number', { length: 32 }).notNull().default(''),
    /** Its size, as the vehicle limits of a site name them (VEHICLE_LIMITS without NONE). */
    vehicleClass: varchar('vehicle_class', { length: 8 }).notNull(),
    /** Retired vehicles stay for the stops and marks that name them. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vehicles_company_name_unique').on(t.companyId, t.name)],
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

/** Single-use mailed tokens; only their SHA-256 is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** INVITATION: an office's link to a driver account it made (enables it once the password is set). */
    purpose: varchar('purpose', { length: 16 })
      .notNull()
      .$type<'ACTIVATION' | 'PASSWORD_RESET' | 'INVITATION'>(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: machineCreatedAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_unique').on(t.tokenHash)],
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
