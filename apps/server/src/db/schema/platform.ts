/**
 * The platform's own operational tables: shared secrets, rate-limit counters, the server processes serving, the
 * business clock they run on and the scheduled jobs' runs. (Entry point: db/schema.ts.)
 */
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

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
