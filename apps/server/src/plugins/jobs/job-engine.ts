import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type Job, PgBoss, type QueuePolicy, type WorkOptions } from 'pg-boss';
import type { DatabaseHandle, Tx } from '../../db/client';
import { type Clock, machineClock } from '../../lib/clock';
import { currentRequestId, runWithRequestId } from '../../lib/request-context';
import { JobScheduler, type ScheduleEntry } from './scheduler';

/**
 * Takeover of a dead process's jobs: a worker refreshes its claim every JOB_HEARTBEAT_SECONDS / 2; a claim not
 * refreshed for JOB_HEARTBEAT_SECONDS is failed by the supervisor (every JOB_SUPERVISE_SECONDS, in whichever
 * process works jobs) and retried after the queue's first retry delay. The sum of the three and a poll stays
 * under a minute for the queues whose work must not wait (`takeoverBoundSeconds`).
 */
export const JOB_HEARTBEAT_SECONDS = 20;
export const JOB_SUPERVISE_SECONDS = 10;

/** The longest a job claimed by a process that died waits before another process works it. */
export function takeoverBoundSeconds(
  queue: { retryDelaySeconds?: number; retryBackoff?: boolean },
  pollSeconds: number,
) {
  const delay = queue.retryDelaySeconds ?? 0;
  // pg-boss's first backoff waits between one and two base delays.
  const firstRetry = queue.retryBackoff ? 2 * delay : delay;
  return JOB_HEARTBEAT_SECONDS + JOB_SUPERVISE_SECONDS + firstRetry + pollSeconds;
}

/** What a finished run tells the metrics: its queue, whether it failed, how late it started and how long it ran. */
export type JobObserver = (run: {
  queue: string;
  failed: boolean;
  lagSeconds: number | null;
  durationSeconds: number;
}) => void;

export interface JobEngineOptions {
  /** Works jobs and runs schedules in this process; `false` still sends (`JOBS=false`). */
  work: boolean;
  /** PostgreSQL connections of the engine's own pool (unused on the embedded database). */
  poolMax: number;
  /** How often an idle worker asks for jobs. */
  pollSeconds: number;
  /** How often the schedules are checked against the business clock (seconds, default 15); tests shorten it. */
  cronSeconds?: number;
  /** The business clock the schedules follow (`app.now`). */
  now?: Clock;
  /** The scheduled jobs (default: the shared registry SCHEDULED_JOBS); engine tests bring their own. */
  registry?: readonly ScheduleEntry[];
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export interface QueueDefinition<T extends object> {
  name: string;
  /**
   * `stately`: one job queued and one active per singleton key (a manifest's work: one at a time, one
   * follow-up); `exclusive`: one job queued or active per key (a mail, a recurring run); `standard` otherwise.
   */
  policy?: QueuePolicy;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  retryDelayMaxSeconds?: number;
  /** How long a claimed job may run before another process may take it again. */
  expireInSeconds?: number;
  handler: (data: T, job: Job<T>) => Promise<void>;
}

export interface SendOptions {
  /** Not before this instant of the machine's clock, as the database keeps it (`machineInstantOf`). */
  startAfter?: Date;
  /** With the queue's policy: which jobs count as the same one (a manifest number, a mail id). */
  singletonKey?: string;
  /** Written in the caller's transaction: the job exists exactly when the transaction commits. */
  tx?: Tx;
}

/**
 * The background job engine: pg-boss on the product's database, in its own `pgboss` schema. On PostgreSQL it
 * has its own small pool; on the embedded PGlite it shares the one connection through pg-boss's adapter.
 * Claims use SKIP LOCKED, so a job is worked by exactly one process. The scheduled jobs (`scheduler`) fire on the
 * business clock, each run sent once across processes. Queues are defined before `start()`.
 */
export class JobEngine {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, QueueDefinition<object>>();
  /** The registry's jobs on the business clock: runs, last and next runs, runs asked for by hand. */
  readonly scheduler: JobScheduler;
  private readonly workerIds = new Map<string, string>();
  private readonly observers: JobObserver[] = [];
  private started = false;
  /** Set when pg-boss stopped (by `stop()` or by itself): readiness reports the engine down. */
  private stopped = false;

  constructor(
    database: Pick<DatabaseHandle, 'db' | 'kind'>,
    databaseUrl: string | undefined,
    private readonly options: JobEngineOptions,
  ) {
    const timing = {
      supervise: options.work,
      // pg-boss's cron follows the machine's clock: the scheduler below sends the scheduled runs instead.
      schedule: false,
      superviseIntervalSeconds: JOB_SUPERVISE_SECONDS,
      monitorIntervalSeconds: JOB_SUPERVISE_SECONDS,
      // The registry and queue statistics are for a dashboard the product does not use.
      registerInstance: false,
      persistQueueStats: false,
      openTelemetry: { enabled: false },
    } as const;
    if (database.kind === 'pglite') {
      const client = (database.db as unknown as { $client: Parameters<typeof fromPglite>[0] }).$client;
      this.boss = new PgBoss({ db: fromPglite(client), backend: 'pglite', ...timing });
    } else {
      if (!databaseUrl) throw new Error('the job engine needs DATABASE_URL on PostgreSQL');
      this.boss = new PgBoss({
        connectionString: databaseUrl,
        max: options.poolMax,
        application_name: 'junkan-jobs',
        ...timing,
      });
    }
    this.scheduler = new JobScheduler(this, database.db, options.now ?? machineClock, options.registry);
    this.boss.on('error', (err) => options.log.error({ err }, 'job engine error'));
    this.boss.on('warning', (warning) => options.log.warn({ warning }, 'job engine warning'));
    this.boss.on('stopped', () => {
      this.stopped = true;
    });
  }

  /**
   * True while the job whose id `jobId` holds is claimed by a live worker of `queue` (a claim whose process died
   * is failed by the supervisor, so it no longer counts): for a record that a job claims, to know when to take it
   * over.
   */
  static isActive(queue: string, jobId: SQLWrapper): SQL {
    return sql`exists (select 1 from pgboss.job j where j.name = ${queue} and j.id::text = ${jobId} and j.state = 'active')`;
  }

  /** Started and not stopped: what readiness (`GET /readyz`) asks. */
  get running(): boolean {
    return this.started && !this.stopped;
  }

  /** Whether this process works jobs (and runs the schedules). */
  get working(): boolean {
    return this.options.work;
  }

  define<T extends object>(queue: QueueDefinition<T>): void {
    if (this.started) throw new Error(`queue ${queue.name} defined after the job engine started`);
    if (this.queues.has(queue.name)) throw new Error(`queue ${queue.name} defined twice`);
    this.queues.set(queue.name, queue as unknown as QueueDefinition<object>);
  }

  /** Gives a job of the scheduled-job registry its handler: run on the business clock, once per slot. */
  defineScheduled(name: string, handler: () => Promise<void>, expireInSeconds?: number): void {
    this.scheduler.define(name, handler, expireInSeconds);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    for (const q of this.queues.values()) {
      const settings = {
        retryLimit: q.retryLimit ?? 2,
        retryDelay: q.retryDelaySeconds ?? 0,
        retryBackoff: q.retryBackoff ?? false,
        ...(q.retryDelayMaxSeconds ? { retryDelayMax: q.retryDelayMaxSeconds } : {}),
        expireInSeconds: q.expireInSeconds ?? 15 * 60,
        // A claim lapses when its worker stops refreshing it (the process died), not only at expiry.
        heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
      };
      await this.boss.createQueue(q.name, { policy: q.policy ?? 'standard', ...settings });
      // A queue made by an earlier version keeps its settings on create: bring them up to date.
      await this.boss.updateQueue(q.name, settings);
    }
    this.scheduler.checkComplete();
    if (!this.options.work) return;
    for (const q of this.queues.values()) {
      const id = await this.boss.work<object, void, WorkOptions & { includeMetadata: true }>(
        q.name,
        { pollingIntervalSeconds: this.options.pollSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (job) await this.handle(q, job);
        },
      );
      this.workerIds.set(q.name, id);
    }
    this.scheduler.start(this.options.cronSeconds ?? 15, this.options.log);
  }

  /**
   * Runs a job's handler under the id of the request that queued it (job data `requestId`), so its log lines and
   * the jobs and mails it causes in turn carry that id.
   */
  private handle(q: QueueDefinition<object>, job: Job<object>): Promise<void> {
    const requestId = (job.data as { requestId?: unknown } | null)?.requestId;
    const startAfter = (job as { startAfter?: Date }).startAfter;
    return runWithRequestId(typeof requestId === 'string' ? requestId : undefined, () =>
      this.run(q, job, startAfter),
    );
  }

  /** Stops fetching new jobs at once (the start of a shutdown); running ones go on. */
  async stopWorking(): Promise<void> {
    await Promise.allSettled(
      [...this.workerIds.keys()].map((name) => this.boss.offWork(name, { wait: false })),
    );
    this.workerIds.clear();
  }

  /**
   * Stops fetching, lets running jobs finish for up to `timeoutMs`, hands back (fails, to be retried by any
   * process) those still running then, and closes the engine's pool.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.scheduler.stop();
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }

  /**
   * Queues a job; answers its id, or null when the queue's policy already holds one for the key. The data carries
   * the current request's id (`requestId`), which the handler runs under.
   */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.queues.has(name)) throw new Error(`no queue ${name}`);
    const requestId = currentRequestId();
    return this.boss.send(name, requestId ? { ...data, requestId } : data, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.tx ? { db: fromDrizzle(options.tx as never, sql as never) } : {}),
    });
  }

  /** Asks this process's worker of a queue to look for jobs now rather than at its next poll. */
  wake(name: string): void {
    const id = this.workerIds.get(name);
    if (id) this.boss.notifyWorker(id);
  }

  /**
   * Runs, here and now, the jobs of a queue that are due (or all queued ones with `ignoreStartAfter`), each
   * claimed as a worker claims it: for tests and for callers that must see the work done before going on.
   * Answers how many jobs ran.
   */
  async runDue(name: string, opts: { ignoreStartAfter?: boolean; limit?: number } = {}): Promise<number> {
    const q = this.queues.get(name);
    if (!q) throw new Error(`no queue ${name}`);
    const jobs = await this.boss.fetch<object>(name, {
      batchSize: opts.limit ?? 100,
      ignoreStartAfter: opts.ignoreStartAfter ?? false,
      includeMetadata: true,
    });
    for (const job of jobs) {
      try {
        await this.handle(q, job);
        await this.boss.complete(name, job.id);
      } catch (err) {
        await this.boss.fail(name, job.id, { message: String((err as Error)?.message ?? err) });
      }
    }
    return jobs.length;
  }

  /** Tells `observer` of every run this process finishes (the metrics). */
  observe(observer: JobObserver): void {
    this.observers.push(observer);
  }

  /** One run of a job's handler, timed for the observers; a failure is rethrown for pg-boss to retry. */
  private async run(q: QueueDefinition<object>, job: Job<object>, startAfter: Date | undefined) {
    const started = performance.now();
    // The lag is the engine's own: from when the job was due to when it was claimed, both stamped by the database.
    const startedOn = (job as { startedOn?: Date }).startedOn;
    const lagSeconds =
      startAfter && startedOn
        ? Math.max(0, (new Date(startedOn).getTime() - new Date(startAfter).getTime()) / 1000)
        : null;
    let failed = false;
    try {
      await q.handler(job.data, job);
    } catch (err) {
      failed = true;
      throw err;
    } finally {
      const run = {
        queue: q.name,
        failed,
        lagSeconds,
        durationSeconds: (performance.now() - started) / 1000,
      };
      for (const observe of this.observers) observe(run);
    }
  }

  /** The queues defined in this process, with their settings (the operations screen, the takeover bound). */
  definitions(): readonly QueueDefinition<object>[] {
    return [...this.queues.values()];
  }

  /** The jobs of a queue not finished yet (tests look at them). */
  async pending(name: string) {
    return this.boss.findJobs(name, { queued: true });
  }

  /** pg-boss itself, for what this interface does not cover (tests). */
  get raw(): PgBoss {
    return this.boss;
  }
}
