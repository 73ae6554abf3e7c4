import type { OperationsJob } from '@junkan/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { JOBS_TIME_ZONE } from '../../plugins/jobs/job-engine';

/**
 * The job engine as the operations screen reads it: each queue this process defines, its schedule and next run
 * (Japan time), its last completed and failed runs (with the error; a failed run waiting for its retry too) and what waits, from pg-boss's tables, so
 * every process answers the same. Kept apart so that a fuller job registry can replace it.
 */
export async function listOperationsJobs(app: FastifyInstance): Promise<OperationsJob[]> {
  const queues = app.jobs.definitions().map((q) => q.name);
  const cronOf = new Map(app.jobs.schedules().map((s) => [s.name, s.cron]));
  if (queues.length === 0) return [];
  const names = sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  );
  const { rows } = await app.db.execute<{
    name: string;
    completed_on: string | null;
    failed_on: string | null;
    failed_output: { message?: string } | null;
    waiting: number;
    active: number;
    failed: number;
  }>(sql`
    select q.name,
      (select j.completed_on from pgboss.job j where j.name = q.name and j.state = 'completed'
        order by j.completed_on desc limit 1) as completed_on,
      f.completed_on as failed_on, f.output as failed_output,
      (select count(*)::int from pgboss.job j where j.name = q.name and j.state in ('created', 'retry')) as waiting,
      (select count(*)::int from pgboss.job j where j.name = q.name and j.state = 'active') as active,
      (select count(*)::int from pgboss.job j where j.name = q.name and j.state = 'failed') as failed
    from unnest(array[${names}]::text[]) as q(name)
    left join lateral (select coalesce(j.completed_on, j.started_on) as completed_on, j.output from pgboss.job j
      where j.name = q.name and (j.state = 'failed' or (j.state = 'retry' and j.output is not null))
      order by coalesce(j.completed_on, j.started_on) desc limit 1) f on true
    order by q.name`);
  const iso = (at: string | Date | null) => (at ? new Date(at).toISOString() : null);
  return rows.map((r) => {
    const cron = cronOf.get(r.name) ?? null;
    const [next] = cron ? app.jobs.raw.previewSchedule(cron, { tz: JOBS_TIME_ZONE, count: 1 }) : [];
    const failedAt = iso(r.failed_on);
    return {
      name: r.name,
      schedule: cron,
      nextRunAt: next ? next.toISOString() : null,
      lastCompleted: r.completed_on ? { at: iso(r.completed_on)!, error: null } : null,
      lastFailed: failedAt
        ? { at: failedAt, error: String(r.failed_output?.message ?? 'failed').slice(0, 500) }
        : null,
      waiting: Number(r.waiting),
      active: Number(r.active),
      failed: Number(r.failed),
    };
  });
}

/**
 * Runs a scheduled job now: queues one run (not doubled when one is already waiting or running) and wakes this
 * process's worker. Queues worked on demand (network sends, mail) take no run without their data.
 */
export async function runOperationsJobNow(app: FastifyInstance, name: string): Promise<{ queued: boolean }> {
  if (!app.jobs.schedules().some((s) => s.name === name))
    throw new AppError('operations_job_not_found', 'No such scheduled job');
  const id = await app.jobs.send(name, {});
  app.jobs.wake(name);
  return { queued: id !== null };
}
