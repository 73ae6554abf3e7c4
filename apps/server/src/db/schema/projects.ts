/**
 * Projects and what they agree: the project, its discharge sites, waste lines and status history, the quotes,
 * the contract with its unit prices, and the permit coverage alerts of contracts in force. (Entry point:
 * db/schema.ts.)
 */
import {
  type AnyPgColumn,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, dischargeSites, offices, users } from './accounts';
import { BUSINESS_NOW, createdAt, updatedAt } from './columns';
import { packingStyles, permits, unitMeasures, wastes } from './masters';

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
