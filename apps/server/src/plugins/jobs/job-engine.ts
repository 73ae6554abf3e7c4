import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type Job, PgBoss, type QueuePolicy } from 'pg-boss';
import type { DatabaseHandle, Tx } from '../../db/client';
import { type Clock, machineClock } from '../../lib/clock';
import { JobScheduler, type ScheduleEntry } from './scheduler';

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
  private started = false;

  constructor(
    database: Pick<DatabaseHandle, 'db' | 'kind'>,
    databaseUrl: string | undefined,
    private readonly options: JobEngineOptions,
  ) {
    const timing = {
      supervise: options.work,
      // pg-boss's cron follows the machine's clock: the scheduler below sends the scheduled runs instead.
      schedule: false,
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
    for (const q of this.queues.values())
      await this.boss.createQueue(q.name, {
        policy: q.policy ?? 'standard',
        retryLimit: q.retryLimit ?? 2,
        retryDelay: q.retryDelaySeconds ?? 0,
        retryBackoff: q.retryBackoff ?? false,
        ...(q.retryDelayMaxSeconds ? { retryDelayMax: q.retryDelayMaxSeconds } : {}),
        expireInSeconds: q.expireInSeconds ?? 15 * 60,
      });
    this.scheduler.checkComplete();
    if (!this.options.work) return;
    for (const q of this.queues.values()) {
      const id = await this.boss.work<object>(
        q.name,
        { pollingIntervalSeconds: this.options.pollSeconds, batchSize: 1 },
        async ([job]) => {
          if (job) await q.handler(job.data, job);
        },
      );
      this.workerIds.set(q.name, id);
    }
    this.scheduler.start(this.options.cronSeconds ?? 15, this.options.log);
  }

  /** Stops fetching, lets running jobs finish (a while), and closes the engine's pool. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.scheduler.stop();
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }

  /** Queues a job; answers its id, or null when the queue's policy already holds one for the key. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.queues.has(name)) throw new Error(`no queue ${name}`);
    return this.boss.send(name, data, {
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
    });
    for (const job of jobs) {
      try {
        await q.handler(job.data, job);
        await this.boss.complete(name, job.id);
      } catch (err) {
        await this.boss.fail(name, job.id, { message: String((err as Error)?.message ?? err) });
      }
    }
    return jobs.length;
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
