/**
 * Completion reports and electronic manifests (issue 5): the manifests as the network answered, the registration
 * keys claimed while a manifest is registered, transport and regular reports, the monthly achievements summary, and the queue of requests to the manifest network (kept in
 * one file: reports point at manifests and the network's requests at reports). (Entry point: db/schema.ts.)
 */
import type { ManifestRegistrationInput } from '@junkan/shared/api/manifests';
import type { ManifestDifference } from '@junkan/shared/rules/manifest-agreement';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { createdAt, machineCreatedAt, machineUpdatedAt, updatedAt } from './columns';
import { disposalMethods, disposalSites, unitMeasures, wastes } from './masters';
import { projects, projectWasteLines } from './projects';

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
 * A discharger's registration key (the form's UUID, `registrationKey`) claimed before the network is asked, so the
 * same form sent twice registers one manifest (`features/manifests/registration-claims.ts`). PENDING while a request
 * asks the network (`claim_token` names it; another may take it over once `claimed_at`, by the business clock, is
 * older than the lease), RELEASED after the network refused or failed (sent again as it is), DONE with the
 * manifest stored in the same transaction. The network's key is derived from the company, the key and `attempt`,
 * which moves on after each refusal so that a resend is never answered with the refused key's answer.
 * `sent_input` is the registration asked with the attempt's network key while the network may hold it (its answer
 * lost, or the request died): every resend registers it as it was sent, so that the key names one manifest.
 */
export const manifestRegistrationClaims = pgTable(
  'manifest_registration_claims',
  {
    id: serial('id').primaryKey(),
    dischargerCompanyId: integer('discharger_company_id')
      .notNull()
      .references(() => companies.id),
    registrationKey: uuid('registration_key').notNull(),
    state: varchar('state', { length: 16 }).notNull().$type<'PENDING' | 'RELEASED' | 'DONE'>(),
    attempt: integer('attempt').notNull().default(0),
    claimToken: uuid('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** The manifest registered with the key, once DONE (its row is written in the same transaction). */
    manifestNumber: varchar('manifest_number', { length: 11 }),
    /** What the attempt's network key was sent with, while the network may have registered it (null otherwise). */
    sentInput: jsonb('sent_input').$type<Omit<ManifestRegistrationInput, 'registrationKey'>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('manifest_registration_claims_key_unique').on(t.dischargerCompanyId, t.registrationKey),
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
