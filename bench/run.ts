/**
 * junkan benchmark (`npm run bench`, after the web build). Prints, beside a bare Fastify route and a reference
 * route per call (bench/reference-server.ts: the token check and the exact SQL the product ran for the call,
 * captured through Drizzle's logger by bench/capture-sql.ts, prepared) started the same way, the req/s and p99 of
 * GET /api/users/info and GET /api/projects (page 1, 50 rows) on PGlite and on PostgreSQL, with the session cache
 * and without it (SESSION_CACHE_MS=0, the reference then checking every token), then the gzip size of the
 * JavaScript the login and home pages load. Writes the same figures to bench/last-results.md.
 *
 * Env: BENCH_POSTGRES_URL (admin connection, default postgresql://postgres@127.0.0.1:5432/postgres),
 * BENCH_DURATION (seconds per measured run, default 5), BENCH_WARMUP (seconds, default 1), BENCH_DATABASES
 * (`pglite,postgresql` by default; name one to measure it alone), BENCH_CONNECTIONS (`10,50` by default),
 * BENCH_CPU_PROF (a folder: the servers under test write V8 CPU profiles there; `bench/cpu-profile.ts` sums them).
 *
 * This file reads the flags and runs the parts: http.ts (the request rates on one database), databases.ts (the
 * demo data and the PostgreSQL database), page-cases.ts (the pages in Chromium), bundle.ts (the JavaScript per
 * page), report.ts (the console tables and the results file); harness.ts holds the child servers and the cleanups.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { measurePages } from './bundle';
import type { CapturedCalls } from './capture-sql';
import { withPostgres } from './databases';
import { cleanUp, LOG_LEVEL, out, ROOT } from './harness';
import { benchDatabase, DURATION, type Measure, PROJECTS_URL, WARMUP } from './http';
import { benchPages } from './page-cases';
import { printResults, writeResults } from './report';

const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',').map((d) => d.trim());
/** `--pages`: only the JavaScript sizes and the pages in the browser (the HTTP part takes minutes). */
const ONLY_PAGES = process.argv.includes('--pages');
/** `--http`: only the request rates (`npm run bench:http`); the pages' section of the results file is kept. */
const ONLY_HTTP = process.argv.includes('--http');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping servers and cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main() {
  const started = performance.now();
  const loadNote = loadAverage();
  out(
    `junkan bench${ONLY_PAGES ? ' (pages only)' : ''}: Node ${process.version}, ${os.cpus().length} CPU ` +
      `(${os.cpus()[0]?.model.trim() ?? '?'}), load average ${loadNote}` +
      (ONLY_PAGES ? '' : `, ${DURATION} s per run after ${WARMUP} s warm-up, LOG_LEVEL=${LOG_LEVEL}`),
  );

  const measures: Measure[] = [];
  const notes: string[] = [];
  const captures: Array<[string, CapturedCalls]> = [];
  // Every server measured runs compiled: the product's build (`npm run build`, before this script) and the bench's.
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), '--bench'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error("building the bench's servers failed");
  if (!ONLY_PAGES) {
    if (DATABASES.includes('pglite')) {
      const pglite = await benchDatabase('pglite');
      measures.push(...pglite.rows);
      notes.push(`pglite: GET ${PROJECTS_URL} returns ${pglite.listed} projects`);
      captures.push(['pglite', pglite.captured]);
    }
    const postgres = DATABASES.includes('postgresql')
      ? await withPostgres((url) => benchDatabase('postgresql', url))
      : 'postgresql: not measured (BENCH_DATABASES)';
    if (typeof postgres === 'string') {
      notes.push(postgres);
      out(postgres);
    } else {
      measures.push(...postgres.rows);
      notes.push(`postgresql: GET ${PROJECTS_URL} returns ${postgres.listed} projects`);
      captures.push(['postgresql', postgres.captured]);
    }
  }

  const distDir = path.join(ROOT, 'apps/web/dist');
  const pages = measurePages(distDir, [
    { page: 'login (/sys/login)', lazy: ['src/features/auth/pages/login-page.tsx'] },
    {
      page: 'home (/sys/home)',
      lazy: ['src/app/layout/app-layout.tsx', 'src/app/pages/home-page.tsx'],
    },
  ]);
  const pageLoads = ONLY_HTTP ? [] : await benchPages(distDir);
  const elapsed = (performance.now() - started) / 1000;

  const results = {
    onlyPages: ONLY_PAGES,
    onlyHttp: ONLY_HTTP,
    loadNote,
    measures,
    notes,
    captures,
    pages,
    pageLoads,
  };
  printResults(results, elapsed);
  writeResults(results);
}

/** The 1-minute load average and the core count: the machine is shared, and figures depend on it. */
function loadAverage(): string {
  return `${os.loadavg()[0]?.toFixed(1) ?? '?'} on ${os.cpus().length} cores`;
}

try {
  await main();
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
