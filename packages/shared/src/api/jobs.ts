import { z } from 'zod';
import { SCHEDULED_JOB_NAMES } from '../rules/scheduled-jobs';

export const JOB_RUN_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'SKIPPED'] as const;
export const JOB_RUN_TRIGGERS = ['SCHEDULE', 'MANUAL'] as const;

/** One run of a scheduled job; times are ISO instants of the business clock. */
export const jobRunSchema = z.object({
  id: z.number(),
  /** The business date (daily job) or Japan minute (interval job) it ran for; null for a run asked for by hand. */
  slot: z.string().nullable(),
  trigger: z.enum(JOB_RUN_TRIGGERS),
  status: z.enum(JOB_RUN_STATUSES),
  attempts: z.number(),
  /** The last failure's message (also on a run that succeeded on a retry). */
  error: z.string().nullable(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobRunDto = z.infer<typeof jobRunSchema>;

/** A scheduled job as GET /admin/jobs lists it. */
export const jobSummarySchema = z.object({
  name: z.enum(SCHEDULED_JOB_NAMES as [string, ...string[]]),
  description: z.string(),
  /** `{ daily: 'HH:MM' }` (Japan time) or `{ everyMinutes: n }`. */
  schedule: z.union([z.object({ daily: z.string() }), z.object({ everyMinutes: z.number() })]),
  /** `daily 09:00`, `every 5 min`. */
  scheduleText: z.string(),
  lastRun: jobRunSchema.nullable(),
  /** When the schedule runs it next, business time (ISO instant). */
  nextRunAt: z.string(),
  /** Failed runs of the last 7 days, newest first (at most 5). */
  recentFailures: z.array(jobRunSchema),
});
export type JobSummaryDto = z.infer<typeof jobSummarySchema>;

/** GET /admin/jobs. */
export const jobListResponseSchema = z.object({
  /** The business clock's now (ISO instant), which the schedules follow. */
  businessNow: z.string(),
  jobs: z.array(jobSummarySchema),
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

export const jobNameParamSchema = z.object({ name: z.string().max(64) });

/** POST /admin/jobs/{name}/run: 202 with the queued run. */
export const jobRunResponseSchema = z.object({ run: jobRunSchema });
