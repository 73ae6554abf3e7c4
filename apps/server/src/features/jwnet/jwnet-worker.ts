import { nextJwnetOpening } from '@junkan/shared/rules/jwnet-service';
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { jwnetRequests } from '../../db/schema';
import { machineClock, machineInstantOf } from '../../lib/clock';
import type { JobEngine } from '../../plugins/jobs/job-engine';
import { type JwnetAdapter, JwnetError } from '../../plugins/jwnet/jwnet-adapter';
import {
  JWNET_QUEUE,
  JWNET_SWEEP,
  type JwnetWork,
  queueManifestJob,
  storeManifestState,
} from './jwnet-queue';

/**
 * What the worker tells the feature that queued the work, inside the transaction that records the outcome;
 * `at` is the worker's (business) clock.
 */
export type JwnetOutcomeHandler = (
  tx: Tx,
  request: { id: number; kind: string; transportReportId: number | null; payload: Record<string, unknown> },
  outcome: { state: 'DONE' | 'REFUSED'; code?: string; message?: string; at: Date },
) => Promise<void>;

export interface JwnetWorkerOptions {
  /** How soon a sent request is polled for its result. */
  pollMs?: number;
  /** Give up after this many failed attempts (network down for days is still retried: about a week at the cap). */
  maxAttempts?: number;
  /** Longest wait between attempts. */
  maxBackoffMs?: number;
  now?: () => Date;
  onOutcome?: JwnetOutcomeHandler;
  /** The engine that decides which process works a manifest; without it `runOnce` works the table directly. */
  jobs?: JobEngine;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

const RETRYABLE = new Set(['OUTSIDE_HOURS', 'SERVICE_STOPPED', 'UNAVAILABLE', 'TIMEOUT']);

/**
 * Sends queued work to the network and follows it until the network reflects a result. Every step is a row
 * update, one request per transaction, so a crash or restart at any point resumes from the table: a QUEUED
 * request is sent (again, with the same key), a SENT one is polled. Which process works a manifest is the job
 * engine's decision: one job per manifest at a time (`stately` policy keyed by the manifest number), so two
 * processes never send the same request and a manifest's requests go out in the order they were queued. Due
 * times are on the business clock (`now`), and the manifest's next job waits until then.
 */
export class JwnetWorker {
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly maxBackoffMs: number;
  private readonly now: () => Date;
  private handled = 0;

  constructor(
    private readonly db: Database,
    private readonly adapter: JwnetAdapter,
    private readonly options: JwnetWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 500;
    this.maxBackoffMs = options.maxBackoffMs ?? 20 * 60_000;
    this.now = options.now ?? machineClock;
  }

  /** Defines the manifest queue and the sweep on the engine (before it starts). */
  defineJobs() {
    const jobs = this.options.jobs;
    if (!jobs) return;
    jobs.define<{ manifestNumber: string }>({
      name: JWNET_QUEUE,
      policy: 'stately',
      // Network faults are retried by the request's own backoff; these retries cover a failed database call
      // and a claim lost with its process (the job's heartbeat lapsed): soon, so that another process takes
      // the manifest over within a minute (JWNET_TAKEOVER_SECONDS). Every send carries its request's key and
      // every row move is a compare-and-set, so a takeover sends nothing twice.
      retryLimit: 5,
      retryDelaySeconds: 5,
      retryBackoff: true,
      // Longer than a manifest's calls can take (each times out): the bound for a process alive but stuck.
      expireInSeconds: 10 * 60,
      handler: ({ manifestNumber }) => this.workManifest(manifestNumber),
    });
    jobs.defineScheduled(JWNET_SWEEP, async () => {
      await this.sweep();
    });
  }

  /** The engine's job: works the manifest's due requests, then queues its next job for when work is due. */
  private async workManifest(manifestNumber: string) {
    const next = await this.advanceManifest(manifestNumber);
    if (next && this.options.jobs) {
      // The business clock may run apart from the machine's (JUNKAN_CLOCK): wait as long as it has to go.
      await queueManifestJob(this.options.jobs, manifestNumber, {
        startAfter: machineInstantOf(next, this.now),
      });
    }
  }

  /** Queues a job for every manifest with work due by the business clock; answers how many it found. */
  async sweep(): Promise<number> {
    const jobs = this.options.jobs;
    const due = await this.dueManifests();
    if (jobs) for (const m of due) await queueManifestJob(jobs, m);
    return due.length;
  }

  private async dueManifests(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ manifestNumber: jwnetRequests.manifestNumber })
      .from(jwnetRequests)
      .where(
        and(
          inArray(jwnetRequests.state, ['QUEUED', 'SENT']),
          lte(jwnetRequests.nextAttemptAt, this.now()),
          isNotNull(jwnetRequests.manifestNumber),
        ),
      );
    return rows.map((r) => r.manifestNumber!);
  }

  /**
   * Handles every request due now, here and now (tests, and the harness that moves the business clock): through
   * the engine's claim when there is one, else straight from the table. Answers how many requests it handled.
   */
  async runOnce(): Promise<number> {
    const before = this.handled;
    try {
      const jobs = this.options.jobs;
      if (jobs) {
        await this.sweep();
        // Due times are the business clock's, which the handler checks: the engine's own times are ignored.
        await jobs.runDue(JWNET_QUEUE, { ignoreStartAfter: true });
      } else {
        for (const m of await this.dueManifests()) await this.advanceManifest(m);
      }
    } catch (error) {
      this.options.log?.error({ err: error }, 'manifest network worker failed');
    }
    return this.handled - before;
  }

  /**
   * Works a manifest's requests in the order they were queued (an answer never overtakes its correction) while
   * the first unfinished one is due; answers when it is next due, or null when nothing is left.
   */
  async advanceManifest(manifestNumber: string): Promise<Date | null> {
    // Each step moves the request (state or due time); the bound only guards against a step that cannot.
    for (let step = 0; step < 50; step++) {
      const [head] = await this.db
        .select({ id: jwnetRequests.id, nextAttemptAt: jwnetRequests.nextAttemptAt })
        .from(jwnetRequests)
        .where(
          and(
            eq(jwnetRequests.manifestNumber, manifestNumber),
            inArray(jwnetRequests.state, ['QUEUED', 'SENT']),
          ),
        )
        .orderBy(asc(jwnetRequests.id))
        .limit(1);
      if (!head) return null;
      if (head.nextAttemptAt > this.now()) return head.nextAttemptAt;
      await this.handle(head.id);
      this.handled++;
    }
    return this.now();
  }

  private backoff(attempts: number, error: JwnetError): Date {
    const now = this.now();
    if (error.kind === 'OUTSIDE_HOURS') return nextJwnetOpening(now);
    const ms = Math.min(this.maxBackoffMs, 5_000 * 2 ** Math.min(attempts, 12));
    return new Date(now.getTime() + ms);
  }

  private async handle(id: number) {
    // Network calls happen outside any transaction (the embedded database has one connection).
    const [row] = await this.db.select().from(jwnetRequests).where(eq(jwnetRequests.id, id));
    if (!row || (row.state !== 'QUEUED' && row.state !== 'SENT')) return;
    const work = row.payload as unknown as JwnetWork;
    try {
      if (row.state === 'QUEUED') {
        const { requestId } = await this.send(row.requestKey, work);
        await this.update(id, row.state, {
          state: 'SENT',
          remoteRequestId: requestId,
          attempts: row.attempts + 1,
          lastError: null,
          nextAttemptAt: new Date(this.now().getTime() + this.pollMs),
        });
        return;
      }
      const status = await this.adapter.getRequest(row.remoteRequestId!);
      if (status.state === 'PENDING') {
        await this.update(id, row.state, { nextAttemptAt: new Date(this.now().getTime() + this.pollMs) });
        return;
      }
      const manifest = await this.adapter.getManifest(work.manifestNumber).catch(() => null);
      await this.db.transaction(async (tx) => {
        const moved = await this.update(
          id,
          row.state,
          {
            state: status.state,
            lastError: status.state === 'REFUSED' ? `${status.code}: ${status.message}` : null,
            refusalCode: status.state === 'REFUSED' ? (status.code ?? 'E_REFUSED').slice(0, 32) : null,
          },
          tx,
        );
        if (!moved) return;
        if (manifest) await storeManifestState(tx, manifest, this.now());
        await this.options.onOutcome?.(
          tx,
          { id, kind: row.kind, transportReportId: row.transportReportId, payload: row.payload },
          {
            state: status.state === 'DONE' ? 'DONE' : 'REFUSED',
            code: status.code,
            message: status.message,
            at: this.now(),
          },
        );
      });
    } catch (error) {
      if (!(error instanceof JwnetError)) throw error;
      await this.recordFailure(row, error);
    }
  }

  /**
   * A call that failed: a request the network lost is sent again, a passing fault retried later (with
   * backoff), anything else ends the request as refused or failed and tells the feature that queued it.
   */
  private async recordFailure(row: typeof jwnetRequests.$inferSelect, error: JwnetError) {
    const { id } = row;
    if (error.kind === 'NOT_FOUND' && row.state === 'SENT') {
      // The network lost the request (a restart of the simulator): send it again.
      await this.update(id, row.state, {
        state: 'QUEUED',
        lastError: error.message,
        nextAttemptAt: this.now(),
      });
      return;
    }
    const attempts = row.attempts + 1;
    if (RETRYABLE.has(error.kind) && attempts < this.maxAttempts) {
      await this.update(id, row.state, {
        attempts,
        lastError: `${error.kind}${error.code ? ` ${error.code}` : ''}: ${error.message}`,
        nextAttemptAt: this.backoff(attempts, error),
      });
      return;
    }
    this.options.log?.warn({ id, kind: error.kind, code: error.code }, 'manifest network refused a request');
    await this.db.transaction(async (tx) => {
      const moved = await this.update(
        id,
        row.state,
        {
          state: error.kind === 'REFUSED' ? 'REFUSED' : 'FAILED',
          attempts,
          lastError: `${error.kind}: ${error.message}`,
          // The network's code, or the kind of failure when the network gave none (the screens map it).
          refusalCode: (error.code ?? error.kind).slice(0, 32),
        },
        tx,
      );
      if (moved)
        await this.options.onOutcome?.(
          tx,
          { id, kind: row.kind, transportReportId: row.transportReportId, payload: row.payload },
          { state: 'REFUSED', code: error.code ?? error.kind, message: error.message, at: this.now() },
        );
    });
  }

  private send(key: string, work: JwnetWork) {
    switch (work.kind) {
      case 'REPORT_TRANSPORT_END':
        return this.adapter.reportTransportEnd(key, work.manifestNumber, work.report);
      case 'CORRECT_REPORT':
        return this.adapter.correctReport(key, work.manifestNumber, work.report);
      case 'CANCEL_REPORT':
        return this.adapter.cancelReport(key, work.manifestNumber);
      case 'ANSWER_CORRECTION':
        return this.adapter.answerCorrection(key, work.manifestNumber, work.approve);
      case 'REGISTER_MANIFEST':
        // The number was the network's; a registration it lost cannot be sent again under that number.
        throw new JwnetError('REFUSED', `the network no longer knows registration ${work.manifestNumber}`);
    }
  }

  /** Moves a request only from the state it was read in, so two workers cannot both act on it. */
  private async update(
    id: number,
    from: string,
    set: Partial<typeof jwnetRequests.$inferInsert>,
    db: DbOrTx = this.db,
  ): Promise<boolean> {
    const moved = await db
      .update(jwnetRequests)
      .set({ ...set, updatedAt: this.now() })
      .where(and(eq(jwnetRequests.id, id), eq(jwnetRequests.state, from)))
      .returning({ id: jwnetRequests.id });
    return moved.length > 0;
  }
}
