import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../lib/app-error';
import { machineClock } from '../lib/clock';
import type { JobEngine } from './jobs/job-engine';
import { MAIL_MAX_ATTEMPTS } from './mail';
import { PROCESS_ALIVE_SECONDS } from './processes';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries the token, compared in constant time (digests of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7) : '';
  return timingSafeEqual(digest(given), digest(token));
}

/** What the database says at a scrape: the same for every process, so gauges, read fresh each time. */
type DatabaseSnapshot = {
  jwnet_waiting: number;
  jwnet_oldest: Date | string | null;
  jwnet_refused: number;
  mail_backlog: number;
  mail_failed: number;
  mail_oldest: Date | string | null;
  processes: number;
};

/**
 * `GET /metrics` in Prometheus's text format, only with `Authorization: Bearer $METRICS_TOKEN` (404 without the
 * setting). This process's own figures are counters and histograms (requests by route pattern and status, job
 * runs, failures, lag and duration per queue, the pool); what several processes share is read from the database
 * at each scrape, in a few small indexed queries: the job queues, the manifest-network queue, the mail backlog,
 * card payments by status and the processes serving.
 */
export function registerMetrics(app: FastifyInstance, database: DatabaseHandle, jobs: JobEngine): void {
  const token = app.config.metricsToken;
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw new AppError('not_found', 'Not found');
    });
    return;
  }
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'junkan_' });

  const http = new Histogram({
    name: 'junkan_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (not the address) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  // Synchronous (no promise per request): it runs after every answer.
  app.addHook('onResponse', (request, reply, done) => {
    http.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const runs = new Counter({
    name: 'junkan_job_runs_total',
    help: 'Job runs finished by this process, by queue and outcome (completed or failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [register],
  });
  const lag = new Histogram({
    name: 'junkan_job_lag_seconds',
    help: 'How long after it was due a job started, by queue',
    labelNames: ['queue'] as const,
    buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900],
    registers: [register],
  });
  const duration = new Histogram({
    name: 'junkan_job_duration_seconds',
    help: 'How long a job ran, by queue',
    labelNames: ['queue'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [register],
  });
  jobs.observe((run) => {
    runs.inc({ queue: run.queue, outcome: run.failed ? 'failed' : 'completed' });
    if (run.lagSeconds !== null) lag.observe({ queue: run.queue }, run.lagSeconds);
    duration.observe({ queue: run.queue }, run.durationSeconds);
  });

  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [register] });
  const queued = gauge(
    'junkan_jobs',
    'Jobs in the database by queue and state (created, retry, active, failed)',
    ['queue', 'state'],
  );
  const jwnetWaiting = gauge(
    'junkan_jwnet_queue_depth',
    'Manifest-network requests not finished (queued or sent)',
  );
  const jwnetOldest = gauge(
    'junkan_jwnet_oldest_waiting_seconds',
    'Age of the oldest unfinished manifest-network request (business clock)',
  );
  const jwnetRefused = gauge(
    'junkan_jwnet_refused',
    'Manifest-network requests refused by the network or given up',
  );
  const mailBacklog = gauge('junkan_mail_backlog', 'Mails waiting for delivery or a retry');
  const mailFailed = gauge('junkan_mail_failed', 'Mails whose last delivery attempt failed');
  const mailOldest = gauge(
    'junkan_mail_oldest_waiting_seconds',
    'Age of the oldest mail waiting for delivery',
  );
  const cards = gauge('junkan_card_payment_attempts', 'Card payment attempts by status', ['status']);
  const processes = gauge('junkan_processes_serving', 'Server processes heard from within the last minute');
  const pool = gauge('junkan_db_pool_connections', "This process's database pool (PostgreSQL)", ['state']);

  const ageOf = (at: Date | string | null, now: Date) =>
    at ? Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000) : 0;

  async function readDatabase() {
    const [snapshot] = (
      await app.db.execute<DatabaseSnapshot>(sql`select
        (select count(*)::int from jwnet_requests where state in ('QUEUED', 'SENT')) as jwnet_waiting,
        (select min(created_at) from jwnet_requests where state in ('QUEUED', 'SENT')) as jwnet_oldest,
        (select count(*)::int from jwnet_requests where state in ('REFUSED', 'FAILED')) as jwnet_refused,
        (select count(*)::int from mail_outbox
          where status in ('PENDING', 'SENDING', 'FAILED') and attempts < ${MAIL_MAX_ATTEMPTS}) as mail_backlog,
        (select count(*)::int from mail_outbox where status = 'FAILED') as mail_failed,
        (select min(created_at) from mail_outbox
          where status in ('PENDING', 'SENDING', 'FAILED') and attempts < ${MAIL_MAX_ATTEMPTS}) as mail_oldest,
        (select count(*)::int from server_processes
          where heartbeat_at > now() - make_interval(secs => ${PROCESS_ALIVE_SECONDS})) as processes`)
    ).rows;
    const s = snapshot!;
    const now = app.now();
    jwnetWaiting.set(Number(s.jwnet_waiting));
    jwnetOldest.set(ageOf(s.jwnet_oldest, now));
    jwnetRefused.set(Number(s.jwnet_refused));
    mailBacklog.set(Number(s.mail_backlog));
    mailFailed.set(Number(s.mail_failed));
    // Mail is stamped by the database's clock, not the business clock.
    mailOldest.set(ageOf(s.mail_oldest, machineClock()));
    processes.set(Number(s.processes));

    const byStatus = await app.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from card_payments group by status`,
    );
    cards.reset();
    for (const r of byStatus.rows) cards.set({ status: r.status }, Number(r.n));

    const jobRows = await app.db.execute<{ name: string; state: string; n: number }>(
      sql`select name, state::text as state, count(*)::int as n from pgboss.job
          where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    );
    queued.reset();
    for (const q of jobs.definitions())
      for (const state of ['created', 'retry', 'active', 'failed']) queued.set({ queue: q.name, state }, 0);
    for (const r of jobRows.rows) queued.set({ queue: r.name, state: r.state }, Number(r.n));

    const use = database.poolUse?.();
    if (use) {
      pool.set({ state: 'total' }, use.total);
      pool.set({ state: 'idle' }, use.idle);
      pool.set({ state: 'waiting' }, use.waiting);
    }
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token))
      throw new AppError('unauthorized', 'Unauthorized');
    await readDatabase();
    return reply.header('content-type', register.contentType).send(await register.metrics());
  });
}
