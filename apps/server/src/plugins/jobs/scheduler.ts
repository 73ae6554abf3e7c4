import type { JobRunDto, JobSummaryDto } from '@junkan/shared/api/jobs';
import {
  describeSchedule,
  type JobSchedule,
  nextScheduledRun,
  SCHEDULED_JOBS,
  scheduleSlot,
} from '@junkan/shared/rules/scheduled-jobs';
import { and, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scheduledJobRuns } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { JobEngine } from './job-engine';

export interface ScheduleEntry {
  name: string;
  schedule: JobSchedule;
  description: string;
}

type RunRow = typeof scheduledJobRuns.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Succeeded runs of interval jobs are kept this long, every other run 30 days. */
const INTERVAL_RUNS_KEPT_MS = 2 * DAY_MS;
const RUNS_KEPT_MS = 30 * DAY_MS;
const FAILURES_LISTED_MS = 7 * DAY_MS;

export class UnknownJobError extends Error {}

/**
 * Runs the registry's scheduled jobs on the business clock. Every working process ticks (`tickSeconds`): for each
 * job whose slot is due (scheduleSlot: the business date once its Japan time has come, or the interval's period)
 * it inserts the run keyed by (job, slot) and, only if that insert is its own, sends the job in the same
 * transaction. The unique key makes the run exactly once whatever the machine clocks say and however many
 * processes tick. Each job is a pg-boss queue (policy `exclusive`: a run still going is not doubled); the
 * worker records the run's start, outcome and error in `scheduled_job_runs`.
 */
export class JobScheduler {
  private readonly handlers = new Map<string, () => Promise<void>>();
  /** The last slot this process saw taken, per job: saves the insert until the next slot. */
  private readonly seen = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> | undefined;
  private lastPruneMs = 0;

  constructor(
    private readonly engine: JobEngine,
    private readonly db: Database,
    private readonly now: Clock,
    private readonly registry: readonly ScheduleEntry[] = SCHEDULED_JOBS,
  ) {}

  entries(): readonly ScheduleEntry[] {
    return this.registry;
  }

  private entry(name: string): ScheduleEntry {
    const e = this.registry.find((j) => j.name === name);
    if (!e) throw new UnknownJobError(`no scheduled job ${name}`);
    return e;
  }

  /** Gives a registered job its handler (its queue is defined on the engine). */
  define(name: string, handler: () => Promise<void>, expireInSeconds = 30 * 60): void {
    const e = this.entry(name);
    if ('daily' in e.schedule) scheduleSlot(e.schedule, this.now()); // refuses a malformed time now
    this.handlers.set(name, handler);
    this.engine.define<{ runId?: number }>({
      name,
      policy: 'exclusive',
      retryLimit: 2,
      // Soon enough that a run whose process died is taken over within a minute (`takeoverBoundSeconds`).
      retryDelaySeconds: 20,
      expireInSeconds,
      handler: async ({ runId }) => this.execute(name, runId),
    });
  }

  /** Fails when a registered job has no handler: every job of the registry is run by someone. */
  checkComplete(): void {
    const missing = this.registry.filter((e) => !this.handlers.has(e.name)).map((e) => e.name);
    if (missing.length) throw new Error(`scheduled jobs without a handler: ${missing.join(', ')}`);
  }

  start(tickSeconds: number, log: { error: (obj: object, msg: string) => void }): void {
    const tick = () => {
      if (this.ticking) return;
      this.ticking = this.tick()
        .catch((err) => log.error({ err }, 'scheduler tick failed'))
        .finally(() => {
          this.ticking = undefined;
        });
    };
    tick();
    this.timer = setInterval(tick, tickSeconds * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /** Sends every run that is due now and not yet taken; answers the names this process sent. */
  async tick(): Promise<string[]> {
    const now = this.now();
    const sent: string[] = [];
    for (const e of this.registry) {
      if (!this.handlers.has(e.name)) continue;
      const slot = scheduleSlot(e.schedule, now);
      if (slot === null || this.seen.get(e.name) === slot) continue;
      const run = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(scheduledJobRuns)
          .values({ jobName: e.name, slot, trigger: 'SCHEDULE', status: 'QUEUED', queuedAt: now })
          .onConflictDoNothing()
          .returning();
        if (!row) return null;
        const id = await this.engine.send(e.name, { runId: row.id }, { tx });
        if (id === null)
          await tx
            .update(scheduledJobRuns)
            .set({ status: 'SKIPPED', error: 'the previous run is still going', finishedAt: now })
            .where(eq(scheduledJobRuns.id, row.id));
        return id === null ? null : row;
      });
      this.seen.set(e.name, slot);
      if (run) {
        sent.push(e.name);
        this.engine.wake(e.name);
      }
    }
    await this.prune(now);
    return sent;
  }

  /**
   * Queues a run of `name` now, asked for by hand, for whichever process works jobs; answers it, or null when a
   * run of the job is queued or going already.
   */
  async queueNow(name: string): Promise<RunRow | null> {
    this.entry(name);
    const now = this.now();
    const run = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(scheduledJobRuns)
        .values({ jobName: name, slot: null, trigger: 'MANUAL', status: 'QUEUED', queuedAt: now })
        .returning();
      if (!row) throw new Error('run not recorded');
      if ((await this.engine.send(name, { runId: row.id }, { tx })) !== null) return row;
      await tx.delete(scheduledJobRuns).where(eq(scheduledJobRuns.id, row.id));
      return null;
    });
    if (run) this.engine.wake(name);
    return run;
  }

  /** Runs `name` here and now, once, recorded as a manual run (`npm run job`); answers the finished run. */
  async runHere(name: string): Promise<RunRow> {
    this.entry(name);
    if (!this.handlers.has(name)) throw new UnknownJobError(`scheduled job ${name} has no handler`);
    const [row] = await this.db
      .insert(scheduledJobRuns)
      .values({ jobName: name, slot: null, trigger: 'MANUAL', status: 'QUEUED', queuedAt: this.now() })
      .returning();
    if (!row) throw new Error('run not recorded');
    await this.execute(name, row.id).catch(() => {});
    const [done] = await this.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.id, row.id));
    if (!done) throw new Error('run lost');
    return done;
  }

  /** Runs the handler of one queued run, recording its start and outcome; a failure is thrown for the retry. */
  private async execute(name: string, runId: number | undefined): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`no handler for ${name}`);
    if (runId !== undefined)
      await this.db
        .update(scheduledJobRuns)
        .set({ status: 'RUNNING', startedAt: this.now(), attempts: sql`${scheduledJobRuns.attempts} + 1` })
        .where(eq(scheduledJobRuns.id, runId));
    try {
      await handler();
    } catch (err) {
      if (runId !== undefined)
        await this.db
          .update(scheduledJobRuns)
          .set({
            status: 'FAILED',
            error: String((err as Error)?.message ?? err).slice(0, 2000),
            finishedAt: this.now(),
          })
          .where(eq(scheduledJobRuns.id, runId));
      throw err;
    }
    if (runId !== undefined)
      await this.db
        .update(scheduledJobRuns)
        .set({ status: 'SUCCEEDED', finishedAt: this.now() })
        .where(eq(scheduledJobRuns.id, runId));
  }

  /** Each job with its schedule, last run, next run (business time) and the failures of the last 7 days. */
  async list(): Promise<{ businessNow: Date; jobs: JobSummaryDto[] }> {
    const now = this.now();
    const names = this.registry.map((e) => e.name);
    const latest = await this.db
      .selectDistinctOn([scheduledJobRuns.jobName])
      .from(scheduledJobRuns)
      .where(inArray(scheduledJobRuns.jobName, names))
      .orderBy(scheduledJobRuns.jobName, desc(scheduledJobRuns.id));
    const lastSlots = await this.db
      .selectDistinctOn([scheduledJobRuns.jobName], {
        jobName: scheduledJobRuns.jobName,
        slot: scheduledJobRuns.slot,
      })
      .from(scheduledJobRuns)
      .where(and(inArray(scheduledJobRuns.jobName, names), isNotNull(scheduledJobRuns.slot)))
      .orderBy(scheduledJobRuns.jobName, desc(scheduledJobRuns.id));
    const failures = await this.db
      .select()
      .from(scheduledJobRuns)
      .where(
        and(
          inArray(scheduledJobRuns.jobName, names),
          eq(scheduledJobRuns.status, 'FAILED'),
          gt(scheduledJobRuns.queuedAt, new Date(now.getTime() - FAILURES_LISTED_MS)),
        ),
      )
      .orderBy(desc(scheduledJobRuns.id))
      .limit(names.length * 5);
    const jobs = this.registry.map((e) => {
      const last = latest.find((r) => r.jobName === e.name) ?? null;
      const lastSlot = lastSlots.find((r) => r.jobName === e.name)?.slot ?? null;
      return {
        name: e.name,
        description: e.description,
        schedule: e.schedule,
        scheduleText: describeSchedule(e.schedule),
        lastRun: last ? runDto(last) : null,
        nextRunAt: nextScheduledRun(e.schedule, now, lastSlot).toISOString(),
        recentFailures: failures
          .filter((f) => f.jobName === e.name)
          .slice(0, 5)
          .map(runDto),
      };
    });
    return { businessNow: now, jobs };
  }

  /** Old runs go, at most once an hour per process: succeeded interval runs after 2 days, any run after 30. */
  private async prune(now: Date): Promise<void> {
    const ms = now.getTime();
    if (Math.abs(ms - this.lastPruneMs) < 60 * 60 * 1000) return;
    this.lastPruneMs = ms;
    const intervalJobs = this.registry.filter((e) => 'everyMinutes' in e.schedule).map((e) => e.name);
    if (intervalJobs.length)
      await this.db
        .delete(scheduledJobRuns)
        .where(
          and(
            inArray(scheduledJobRuns.jobName, intervalJobs),
            eq(scheduledJobRuns.status, 'SUCCEEDED'),
            lt(scheduledJobRuns.queuedAt, new Date(ms - INTERVAL_RUNS_KEPT_MS)),
          ),
        );
    await this.db.delete(scheduledJobRuns).where(lt(scheduledJobRuns.queuedAt, new Date(ms - RUNS_KEPT_MS)));
  }
}

export function runDto(r: RunRow): JobRunDto {
  return {
    id: r.id,
    slot: r.slot,
    trigger: r.trigger,
    status: r.status,
    attempts: r.attempts,
    error: r.error,
    queuedAt: r.queuedAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}
