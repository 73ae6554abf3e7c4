/**
 * Collections: a discharger's collection requests and their lines, the collections they make, each one's history,
 * and a company's calendar feed of them. (Entry point: db/schema.ts.)
 */
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, dischargeSites, users, vehicles } from './accounts';
import { createdAt, updatedAt } from './columns';
import { contracts, projects, projectWasteLines } from './projects';

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
    /**
     * The office's dispatch: the driver and the vehicle that collect it (either, both or none) and its place in
     * the day's round (null: after the ordered stops). A change of dispatch does not bump `version`: a driver's
     * mark made on the stop is still about the same collection.
     */
    driverUserId: integer('driver_user_id').references(() => users.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    stopOrder: integer('stop_order'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('collections_company_date_idx').on(t.companyId, t.date),
    index('collections_transport_date_idx').on(t.transportCompanyId, t.date),
    index('collections_driver_date_idx').on(t.driverUserId, t.date),
    index('collections_vehicle_date_idx').on(t.vehicleId, t.date),
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
 * A driver's proof of collection at a stop, as the phone sent it: collected or not (with a reason), the bags by
 * size, weight or volume per waste line, when, where, and a photo (an attachment owned by the mark). `clientId`
 * is the phone's id of the mark, so a retry is stored once. A mark the collection no longer allows (the office
 * cancelled or moved it meanwhile) is kept as a CONFLICT for the office to apply or discard; nothing is dropped.
 */
export const collectionMarks = pgTable(
  'collection_marks',
  {
    id: serial('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id),
    driverUserId: integer('driver_user_id')
      .notNull()
      .references(() => users.id),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** COLLECTED or NOT_COLLECTED (DRIVER_MARK_RESULTS). */
    result: varchar('result', { length: 16 }).notNull(),
    /** NOT_COLLECTED: a code of NOT_COLLECTED_REASONS, and the driver's words. */
    reasonCode: varchar('reason_code', { length: 24 }),
    reasonText: text('reason_text'),
    /** Per waste line of the request: bags by size, weight (kg), volume in the line's unit. */
    lines: jsonb('lines')
      .$type<
        {
          wasteLineId: number;
          bags: Record<string, number>;
          weightKg: number | null;
          volume: number | null;
        }[]
      >()
      .notNull()
      .default([]),
    /** The collection's version and date the driver's phone had when the mark was made. */
    baseVersion: integer('base_version').notNull(),
    baseDate: date('base_date', { mode: 'string' }).notNull(),
    /** When the driver made the mark (the phone's time, kept as sent) and when it reached the server. */
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    receivedAt: createdAt(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Metres. */
    accuracy: doublePrecision('accuracy'),
    /** APPLIED, CONFLICT, or the office's decision on a conflict: RESOLVED_APPLIED, DISCARDED (DRIVER_MARK_STATES). */
    state: varchar('state', { length: 24 }).notNull(),
    /** CONFLICT: why (a message code: the stop was cancelled, moved, changed or marked by the office). */
    conflictCode: varchar('conflict_code', { length: 48 }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    hasPhoto: boolean('has_photo').notNull().default(false),
  },
  (t) => [
    uniqueIndex('collection_marks_client_unique').on(t.driverUserId, t.clientId),
    index('collection_marks_collection_idx').on(t.collectionId),
    index('collection_marks_company_state_idx').on(t.transportCompanyId, t.state),
  ],
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
