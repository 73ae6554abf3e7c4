/**
 * The server's database schema: every Drizzle table and relation, the one module the server, the bench and
 * drizzle-kit (drizzle.config.ts) import (`import * as schema from './db/schema'`). The definitions live per
 * domain in db/schema/, each re-exported here:
 *
 * - columns.ts: the shared column helpers (`createdAt`, `machineCreatedAt`, `bytea`...) and `BUSINESS_NOW`, the
 *   only one re-exported.
 * - platform.ts: app secrets, rate-limit buckets, server processes, the business clock, scheduled job runs.
 * - accounts.ts: companies, their bank accounts, offices, discharge sites and business calendar; users, permission
 *   grants, sessions, mailed tokens; the relations of companies and users.
 * - masters.ts: wastes, units, packing styles, disposal methods and sites, transport operator profiles,
 *   collection areas and their prices, handling and disposal unit prices, permits.
 * - projects.ts: projects, their discharge sites, waste lines and status history, quotes, contracts, their unit
 *   prices and coverage alerts.
 * - reports.ts: manifests, transport and regular reports, the monthly achievements summary, manifest-network
 *   requests (issue 5).
 * - collections.ts: collection requests and lines, collections, their history, calendar feeds.
 * - invoices.ts: invoices, invoice sends, card payments.
 * - files.ts: attachments and the database file storage's objects.
 * - support.ts: the mail outbox, audit logs, notices, update information, inquiries, the support chat, evidence
 *   packs.
 *
 * A domain file imports only the files before it in this list (no import cycles); add a new file's export here.
 */

export * from './schema/accounts';
export * from './schema/collections';
export { BUSINESS_NOW } from './schema/columns';
export * from './schema/files';
export * from './schema/invoices';
export * from './schema/masters';
export * from './schema/platform';
export * from './schema/projects';
export * from './schema/reports';
export * from './schema/support';
