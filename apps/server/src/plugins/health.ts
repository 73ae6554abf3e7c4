import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  livenessResponseSchema,
  READINESS_PARTS,
  type ReadinessPart,
  type ReadinessResponse,
  readinessResponseSchema,
} from '@junkan/shared/api/health';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MIGRATIONS_FOLDER } from '../lib/server-root';

/** A part that has not answered by then counts as failing: a probe must answer quickly, whatever hangs. */
const CHECK_TIMEOUT_MS = 2_000;

/** The newest migration of the journal: its `when`, which the migrator records as the applied row's created_at. */
function newestJournalMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

function withinTimeout(check: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz` (the process serves: always 200) and `GET /readyz` (this process can do its work: the database
 * answers, it holds every migration this build knows, the job engine runs, new files can be stored), for a load
 * balancer or an orchestrator. Outside `/api`: no token, no rate limit, no per-call log line (logged only when
 * readiness changes); each check is one cheap call, bounded by CHECK_TIMEOUT_MS. A failing part is named, its
 * error only logged (the answer is public).
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  const newestMigration = newestJournalMigration();
  const checks: Record<ReadinessPart, () => Promise<void>> = {
    database: async () => {
      await app.db.execute(sql`select 1`);
    },
    // A database behind this build (a migration not applied) is not ready; one ahead (a newer process of a
    // rolling upgrade migrated it) is.
    migrations: async () => {
      const result = await app.db.execute<{ newest: string | null }>(
        sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
      );
      const newest = Number(result.rows[0]?.newest ?? 0);
      if (newest < newestMigration)
        throw new Error(`database migrated up to ${newest}, this build needs ${newestMigration}`);
    },
    jobs: async () => {
      if (!app.jobs.running) throw new Error('the job engine is not running');
    },
    files: () => app.files.check(),
  };
  let lastFailing = '';

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: { tags: ['health'], security: [], response: { 200: livenessResponseSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );
  api.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        security: [],
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const results = await Promise.allSettled(READINESS_PARTS.map((part) => withinTimeout(checks[part]())));
      const failing = READINESS_PARTS.filter((_, i) => results[i]?.status === 'rejected');
      const answer: ReadinessResponse = {
        status: app.lifecycle.shuttingDown ? 'shutting_down' : failing.length ? 'not_ready' : 'ready',
        failing,
        checks: Object.fromEntries(
          READINESS_PARTS.map((part) => [part, failing.includes(part) ? 'failing' : 'ok']),
        ) as ReadinessResponse['checks'],
      };
      const state = `${answer.status}:${failing.join(',')}`;
      if (state !== lastFailing) {
        lastFailing = state;
        const errors = Object.fromEntries(
          READINESS_PARTS.flatMap((part, i) => {
            const r = results[i];
            return r?.status === 'rejected' ? [[part, String((r.reason as Error)?.message ?? r.reason)]] : [];
          }),
        );
        if (answer.status === 'ready') app.log.info('ready');
        else app.log.warn({ status: answer.status, failing, errors }, 'not ready');
      }
      return reply.status(answer.status === 'ready' ? 200 : 503).send(answer);
    },
  );
}
