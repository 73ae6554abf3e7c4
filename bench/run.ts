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
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { PROJECT_STATUSES, PROJECT_TYPES } from '@junkan/shared/enums';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { companies, offices, projects, users } from '../apps/server/src/db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../apps/server/src/seed/demo';
import { seedReferenceData } from '../apps/server/src/seed/reference';
import { measurePages, type PageBundle } from './bundle';
import { type CapturedCalls, captureCalls } from './capture-sql';
import { CPU_THROTTLE, measurePageLoads, type PageCase, type PageResult, RUNS } from './pages';

const ROOT = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const LOG_LEVEL = 'warn';
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const EXTRA_PROJECTS = 300;
const DISCHARGER = 'discharger@example.com';
const LOGIN_TARGET_BYTES = 200_000;
const PROJECTS_URL = '/api/projects?page=1&size=50';
const ADMIN_PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',').map((d) => d.trim());
/** `--pages`: only the JavaScript sizes and the pages in the browser (the HTTP part takes minutes). */
const ONLY_PAGES = process.argv.includes('--pages');
/** `--http`: only the request rates (`npm run bench:http`); the pages' section of the results file is kept. */
const ONLY_HTTP = process.argv.includes('--http');
const TRANSPORTER = 'transporter@example.com';
/** Transporters whose demo projects may await a contract, searched in this order for the contract-create page. */
const CONTRACT_WRITERS = [TRANSPORTER, 'platform@example.com'];
const HOME_TARGET = { gzip: 300_000, readyMs: 3500 };
const PAGE_TARGET = { gzip: 350_000, readyMs: 4000 };

const out = (line = '') => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------- cleanup

const cleanups: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | undefined;
/** Runs every registered cleanup once, newest first (servers stop before their database is dropped). */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error('bench cleanup:', error);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping servers and cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------- servers

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Child {
  name: string;
  proc: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts a compiled entry point (the server's build, the bench's servers from `build-server.mjs --bench`) under
 * the bench's own Node, with source maps as production runs it, in its own process group.
 */
async function startChild(name: string, script: string, env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  // BENCH_CPU_PROF=<folder>: the servers under test write a V8 CPU profile there when they stop.
  const profile = process.env.BENCH_CPU_PROF && name.startsWith('junkan/');
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF!)}`] : [];
  const proc = spawn(process.execPath, [...flags, '--enable-source-maps', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST, LOG_LEVEL },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) console.error(`[${name}] ${line}`);
  };
  proc.stdout?.on('data', relay);
  proc.stderr?.on('data', relay);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode !== null || !proc.pid) return;
    try {
      process.kill(-proc.pid, signal);
    } catch {
      // already gone
    }
  };
  const stop = () => {
    stopping ??= (async () => {
      signalGroup('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(8000).then(() => true)]);
      if (timedOut) {
        signalGroup('SIGKILL');
        await exited;
      }
    })();
    return stopping;
  };
  cleanups.push(stop);
  return { name, proc, base: `http://${HOST}:${port}`, stop };
}

/** Waits until `url` answers 200; fails when the child exits first or after 90 s. */
async function waitReady(child: Child, urlPath: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null)
      throw new Error(`${child.name} exited with code ${child.proc.exitCode}`);
    try {
      const res = await fetch(child.base + urlPath, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${child.name} did not answer ${urlPath} within 90 s`);
}

// ---------------------------------------------------------------------------------------------- data

/** Seeds the demo data, adds EXTRA_PROJECTS projects to the demo discharger's company and analyzes, then closes. */
async function prepareDatabase(opts: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const database = await openDatabase(opts);
  try {
    // As the server's start-up does: the demo's achievements need the reference data (wastes, units).
    await seedReferenceData(database.db);
    await seedDemoData(database.db);
    const [owner] = await database.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, DISCHARGER));
    const companyId = owner?.companyId;
    if (!companyId) throw new Error(`${DISCHARGER} has no company in the demo data`);
    const transporters = await database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.type, 'TRANSPORT'));
    const officeRows = await database.db
      .select({ id: offices.id })
      .from(offices)
      .where(eq(offices.companyId, companyId));
    const now = Date.now();
    const rows = Array.from({ length: EXTRA_PROJECTS }, (_, i) => ({
      title: `ベンチ案件 ${String(i + 1).padStart(3, '0')} 産業廃棄物 定期回収`,
      status: PROJECT_STATUSES[i % PROJECT_STATUSES.length]!,
      type: PROJECT_TYPES[i % PROJECT_TYPES.length]!,
      memo: i % 3 === 0 ? `毎週${'月火水木金'[i % 5]}曜日 午前回収。搬入口は建物裏手。` : null,
      companyId,
      transportCompanyId:
        i % 4 === 3 ? null : (transporters[i % Math.max(transporters.length, 1)]?.id ?? null),
      officeId: officeRows[i % Math.max(officeRows.length, 1)]?.id ?? null,
      createdAt: new Date(now - (i + 1) * 3_600_000),
      updatedAt: new Date(now - (i + 1) * 3_600_000),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await database.db.insert(projects).values(rows.slice(i, i + 100));
    // A live database has planner statistics (autovacuum gathers them within a minute of such writes); without
    // them the list's plan joins every row of the company before sorting.
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------- load

interface Measure {
  database: string;
  endpoint: string;
  connections: number;
  rps: number;
  p99: number;
  ratio: number | null;
  refRatio: number | null;
  non2xx: number;
  errors: number;
}

/** Pause so requests left queued by the previous run (autocannon drops its sockets at the deadline) finish. */
const SETTLE_MS = 1000;

async function load(url: string, connections: number, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  await sleep(SETTLE_MS);
  if (WARMUP > 0) await autocannon({ url, connections, duration: WARMUP, headers });
  const result = await autocannon({ url, connections, duration: DURATION, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The calls measured, with the reference route's name for each. */
const CALLS = [
  { url: '/api/users/info', ref: 'users-info' },
  { url: PROJECTS_URL, ref: 'projects' },
] as const;
/** Every process of one run signs and checks tokens with this secret (the capture's sign-in is the one used). */
const JWT_SECRET = randomBytes(32).toString('hex');
const SERVER_ENV = {
  JWT_SECRET,
  SEED_DEMO: 'true',
  LOGIN_RATE_LIMIT_MAX: '1000',
  SMTP_URL: '',
  LOG_LEVEL,
  // Required with DATABASE_URL; no card calls are measured.
  CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_bench',
  CARD_PROVIDER_SECRET_KEY: 'sk_test_bench',
  CARD_PROVIDER_WEBHOOK_SECRET: 'whsec_test_bench',
};
/** The server with its session and token caches (the default) and without them (`SESSION_CACHE_MS=0`). */
const CACHE_MODES = [
  { label: 'session cache', sessionCacheMs: '5000', refPath: 'ref-cached' },
  { label: 'no session cache', sessionCacheMs: '0', refPath: 'ref' },
] as const;

async function benchDatabase(
  label: string,
  databaseUrl?: string,
): Promise<{ rows: Measure[]; listed: number; captured: CapturedCalls }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `junkan-bench-${label}-`));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  out(`\n[${label}] seeding demo data + ${EXTRA_PROJECTS} projects…`);
  await prepareDatabase({ dataDir, databaseUrl });
  // The SQL each call runs, taken from the product itself; its sign-in is the one every request below uses.
  const captured = await captureCalls({
    dataDir,
    databaseUrl,
    env: SERVER_ENV,
    email: DISCHARGER,
    password: DEMO_PASSWORD,
    urls: CALLS.map((c) => c.url),
  });
  for (const call of CALLS)
    out(`[${label}] ${call.url} runs ${captured.calls[call.url]?.length} statement(s) after the token check`);
  // PGlite opens its folder in one process only: the reference reads a copy of the same data (sign-in included).
  const refDir = `${dataDir}-reference`;
  if (!databaseUrl) {
    cpSync(path.join(dataDir, 'pglite'), refDir, { recursive: true });
    cleanups.push(async () => rmSync(refDir, { recursive: true, force: true }));
  }
  const token = captured.token;
  const bare = await startChild(`bare/${label}`, 'bench/dist/bare-server.js', {});
  const reference = await startChild(`reference/${label}`, 'bench/dist/reference-server.js', {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: refDir }),
    JWT_SECRET,
    REF_CALLS: JSON.stringify({
      session: captured.session,
      calls: Object.fromEntries(CALLS.map((c) => [c.ref, { url: c.url, statements: captured.calls[c.url] }])),
    }),
  });
  await Promise.all([waitReady(bare, '/bare'), waitReady(reference, '/ready')]);
  const auth = { authorization: `Bearer ${token}` };
  /** The reference's answer per call, compared with the product's below: both must write the same JSON. */
  const refAnswers = new Map<string, string>();
  for (const mode of CACHE_MODES)
    for (const call of CALLS) {
      const res = await fetch(`${reference.base}/${mode.refPath}/${call.ref}`, { headers: auth });
      if (!res.ok) throw new Error(`reference ${call.ref} answered ${res.status}: ${await res.text()}`);
      refAnswers.set(call.url, await res.text());
    }

  const rows: Measure[] = [];
  const bareRps = new Map<number, number>();
  const refRps = new Map<string, number>();
  let listed = 0;
  for (const connections of CONNECTIONS) {
    out(`[${label}] ${connections} connections: bare and reference…`);
    const b = await load(`${bare.base}/bare`, connections);
    bareRps.set(connections, b.rps);
    rows.push({ database: label, endpoint: 'bare', connections, ...b, ratio: 1, refRatio: null });
    for (const mode of CACHE_MODES)
      for (const call of CALLS) {
        const r = await load(`${reference.base}/${mode.refPath}/${call.ref}`, connections, token);
        refRps.set(`${connections}:${mode.label}:${call.url}`, r.rps);
        rows.push({
          database: label,
          endpoint: `reference ${call.url.split('?')[0]} (${mode.label})`,
          connections,
          ...r,
          ratio: b.rps > 0 ? r.rps / b.rps : null,
          refRatio: 1,
        });
      }
  }
  for (const mode of CACHE_MODES) {
    const server = await startChild(`junkan/${label}`, 'apps/server/dist/main.js', {
      ...SERVER_ENV,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SESSION_CACHE_MS: mode.sessionCacheMs,
    });
    await waitReady(server, '/api/docs/json');
    for (const call of CALLS) {
      const res = await fetch(server.base + call.url, { headers: auth });
      if (!res.ok) throw new Error(`GET ${call.url} answered ${res.status}: ${await res.text()}`);
      const body = await res.text();
      const refBody = refAnswers.get(call.url) ?? '';
      if (!isDeepStrictEqual(JSON.parse(body), JSON.parse(refBody)))
        throw new Error(`the reference's answer to ${call.url} is not the product's:\n${refBody}\n${body}`);
      out(
        `[${label}] ${call.url}: ${body.length} bytes from the server, ${refBody.length} from the reference`,
      );
      if (call.url === PROJECTS_URL) listed = (JSON.parse(body) as { items: unknown[] }).items.length;
    }
    for (const connections of CONNECTIONS) {
      out(`[${label}] ${connections} connections: server (${mode.label})…`);
      for (const call of CALLS) {
        const r = await load(server.base + call.url, connections, token);
        const b = bareRps.get(connections) ?? 0;
        const ref = refRps.get(`${connections}:${mode.label}:${call.url}`) ?? 0;
        rows.push({
          database: label,
          endpoint: `GET ${call.url} (${mode.label})`,
          connections,
          ...r,
          ratio: b > 0 ? r.rps / b : null,
          refRatio: ref > 0 ? r.rps / ref : null,
        });
      }
    }
    await sleep(SETTLE_MS);
    await server.stop();
  }
  await Promise.all([bare.stop(), reference.stop()]);
  return { rows, listed, captured };
}

async function withPostgres<T>(fn: (databaseUrl: string) => Promise<T>): Promise<T | string> {
  const admin = new pg.Client({ connectionString: ADMIN_PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL not reachable at ${ADMIN_PG_URL} (${(error as Error).message}); skipped`;
  }
  const name = `junkan_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  cleanups.push(drop);
  const url = new URL(ADMIN_PG_URL);
  url.pathname = `/${name}`;
  out(`\n[postgresql] database ${name} created`);
  return fn(url.toString());
}

// ---------------------------------------------------------------------------------------------- pages

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A demo project (not one of the bench's extra ones) whose contract this transporter may write now. */
async function projectAwaitingContract(base: string, token: string): Promise<number | null> {
  const auth = { authorization: `Bearer ${token}` };
  for (let page = 1; page <= 20; page++) {
    const res = await fetch(`${base}/api/trans/projects?tab=PRE_CONTRACT&page=${page}&size=50`, {
      headers: auth,
    });
    if (!res.ok) throw new Error(`GET /api/trans/projects answered ${res.status}: ${await res.text()}`);
    const { items } = (await res.json()) as {
      items: Array<{ id: number; projectStatus: string; projectTitle: string }>;
    };
    const found = items.find(
      (p) => p.projectStatus === 'CREATING_CONTRACT' && !p.projectTitle.startsWith('ベンチ案件'),
    );
    if (found) return found.id;
    if (items.length < 50) break;
  }
  return null;
}

/** period=monthly&year=…&month=… of the month before this one in Japan time. */
function lastMonthParams(): string {
  const japan = new Date(Date.now() + 9 * 3_600_000);
  const lastMonth = new Date(Date.UTC(japan.getUTCFullYear(), japan.getUTCMonth() - 1, 1));
  return `period=monthly&year=${lastMonth.getUTCFullYear()}&month=${lastMonth.getUTCMonth() + 1}`;
}

/** The main pages in Chromium on a PGlite server with the demo data and the extra projects. */
async function benchPages(distDir: string): Promise<PageResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'junkan-bench-pages-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  out(`\n[pages] seeding demo data + ${EXTRA_PROJECTS} projects…`);
  await prepareDatabase({ dataDir });
  const server = await startChild('junkan/pages', 'apps/server/dist/main.js', {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOGIN_RATE_LIMIT_MAX: '1000',
    SMTP_URL: '',
  });
  await waitReady(server, '/api/docs/json');
  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => {
    let token = tokens.get(email);
    if (!token) {
      token = await login(server.base, email);
      tokens.set(email, token);
    }
    return token;
  };
  let contract: { user: string; project: number } | undefined;
  for (const user of CONTRACT_WRITERS) {
    const project = await projectAwaitingContract(server.base, await tokenOf(user));
    if (project !== null) {
      contract = { user, project };
      break;
    }
  }
  if (!contract)
    throw new Error(`none of ${CONTRACT_WRITERS.join(', ')} has a demo project awaiting a contract`);
  const cases: PageCase[] = [
    { name: 'login', path: 'login', user: null, ready: 'form button[type=submit]' },
    { name: 'home', path: 'home', user: DISCHARGER, ready: '[data-testid=home-projects] .ant-table-row' },
    {
      name: 'achievements',
      // Last month: the demo's reports cover the six months before this one.
      path: `achievements?${lastMonthParams()}`,
      user: TRANSPORTER,
      ready: '[data-testid=achievement-list] .ant-table-row',
    },
    {
      name: 'project list',
      path: 'project-managment',
      user: DISCHARGER,
      ready: '[data-testid=project-list] .ant-table-row',
    },
    {
      name: 'contract create',
      path: `contract-create/${contract.project}`,
      user: contract.user,
      ready: '[data-testid=contract-save]',
    },
  ];
  out(`[pages] ${RUNS} cold runs per page at ${CPU_THROTTLE}x CPU throttling…`);
  const results = await measurePageLoads({ origin: server.base, distDir, cases, tokenOf, log: out });
  await server.stop();
  return results;
}

// ---------------------------------------------------------------------------------------------- report

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kb = (bytes: number) => `${fmt(bytes / 1000, 1)} kB`;

function textTable(header: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** A Markdown table laid out the way Biome formats one, so the written file passes `biome check`. */
function mdTable(header: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (rightAligned[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = widths.map((w, i) => (rightAligned[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n');
}

const HTTP_HEADER = [
  'database',
  'endpoint',
  'conns',
  'req/s',
  'p99 ms',
  'ratio-to-bare',
  'ratio-to-ref',
  'non-2xx/errors',
];
const HTTP_ALIGN = [false, false, true, true, true, true, true, true];
const httpCells = (m: Measure) => [
  m.database,
  m.endpoint,
  String(m.connections),
  fmt(m.rps),
  fmt(m.p99),
  m.ratio === null ? '-' : fmt(m.ratio, 3),
  m.refRatio === null ? '-' : fmt(m.refRatio, 2),
  `${m.non2xx}/${m.errors}`,
];

const BUNDLE_TOP = 8;
function bundleRows(p: PageBundle): string[][] {
  const top = p.files.slice(0, BUNDLE_TOP);
  const rest = p.files.slice(BUNDLE_TOP);
  const rows = top.map((f) => [
    path.basename(f.file),
    f.label === 'index.html' ? 'entry' : f.label.startsWith('src/') ? f.label : 'shared chunk',
    kb(f.raw),
    kb(f.gzip),
  ]);
  if (rest.length)
    rows.push([
      `${rest.length} more files`,
      '-',
      kb(rest.reduce((n, f) => n + f.raw, 0)),
      kb(rest.reduce((n, f) => n + f.gzip, 0)),
    ]);
  rows.push([`total (${p.files.length} files)`, '-', kb(p.raw), kb(p.gzip)]);
  return rows;
}
const BUNDLE_HEADER = ['file', 'source', 'raw', 'gzip -9'];
const BUNDLE_ALIGN = [false, false, true, true];

const PAGE_HEADER = [
  'page',
  'user',
  'JS files',
  'JS gzip -9',
  'JS transferred',
  'ready ms (median)',
  'ready ms (runs)',
  'long tasks ms',
  'target',
];
const PAGE_ALIGN = [false, false, true, true, true, true, true, true, false];
const targetOf = (r: PageResult) => (r.page.name === 'home' ? HOME_TARGET : PAGE_TARGET);
const isMet = (r: PageResult) => r.median.jsGzip < targetOf(r).gzip && r.median.readyMs < targetOf(r).readyMs;
const pageCells = (r: PageResult) => {
  const t = targetOf(r);
  return [
    r.page.name,
    r.page.user?.split('@')[0] ?? '-',
    fmt(r.median.jsFiles),
    kb(r.median.jsGzip),
    kb(r.median.jsTransfer),
    fmt(r.median.readyMs),
    r.runs.map((x) => fmt(x.readyMs)).join(' / '),
    `${fmt(r.median.longTaskMs)} (${fmt(r.median.longTasks)})`,
    `< ${fmt(t.gzip / 1000)} kB, < ${fmt(t.readyMs / 1000, 1)} s: ${isMet(r) ? 'met' : 'NOT MET'}`,
  ];
};

/** The results file split at its `## ` headings: the text before the first one and each section by heading. */
function readSections(file: string): { top: string; sections: Map<string, string> } {
  const sections = new Map<string, string>();
  if (!existsSync(file)) return { top: '', sections };
  const [top = '', ...rest] = readFileSync(file, 'utf8').split(/^(?=## )/m);
  for (const section of rest) sections.set(section.split('\n')[0]!.trim(), section.trimEnd());
  return { top: top.trimEnd(), sections };
}

// ---------------------------------------------------------------------------------------------- main

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
  const login = pages[0]!;
  const loginMet = login.gzip < LOGIN_TARGET_BYTES;
  const elapsed = (performance.now() - started) / 1000;

  if (!ONLY_PAGES) {
    out(
      '\n== HTTP (autocannon; ratio = endpoint req/s ÷ bare Fastify or reference req/s at the same connections) ==\n',
    );
    out(textTable(HTTP_HEADER, measures.map(httpCells), HTTP_ALIGN));
    for (const note of notes) out(`  ${note}`);
  }
  out(
    `\n== Pages on a slow PC (Chromium, cold cache, CPU ${CPU_THROTTLE}x slower, ${RUNS} runs; ready = the page shows its data) ==\n`,
  );
  out(textTable(PAGE_HEADER, pageLoads.map(pageCells), PAGE_ALIGN));
  out('\n== JavaScript loaded per page (apps/web/dist, gzip level 9 per file, kB = 1000 bytes) ==');
  for (const p of pages) {
    out(`\n${p.page}: ${kb(p.gzip)} gzip (${kb(p.raw)} raw), roots: ${p.roots.join(', ')}`);
    out(textTable(BUNDLE_HEADER, bundleRows(p), BUNDLE_ALIGN));
    if (p.deferred.length)
      out(
        `  loaded later by the page (not counted): ${p.deferred.map((f) => `${path.basename(f.file)} ${kb(f.gzip)}`).join(', ')}`,
      );
  }
  out(
    `\nLogin page target < ${kb(LOGIN_TARGET_BYTES)} gzip: ${loginMet ? 'MET' : 'NOT MET'} (${kb(login.gzip)})`,
  );
  out(`Bench time (excluding the build): ${fmt(elapsed, 1)} s`);

  const resultsFile = path.join(ROOT, 'bench/last-results.md');
  const previous = readSections(resultsFile);
  const top = ONLY_PAGES
    ? previous.top
    : [
        '# junkan benchmark — last results',
        '',
        `Run ${new Date().toISOString()} with \`npm run bench\`: Node ${process.version}, ${os.cpus().length} CPU ` +
          `(${os.cpus()[0]?.model.trim() ?? '?'}), load average ${loadNote}, autocannon ${DURATION} s per run after a ` +
          `${WARMUP} s warm-up, server \`LOG_LEVEL=${LOG_LEVEL}\`, demo discharger's bearer token, ` +
          `${EXTRA_PROJECTS} extra projects for the discharger's company. The ratio to a bare Fastify route (same ` +
          'Node, same start-up, same logger) is the figure to compare across machines; the ratio to the reference ' +
          'route of the same call (bench/reference-server.ts: the same token check, then the exact SQL the product ' +
          "ran for the call, captured through Drizzle's logger, prepared) shows what the server adds; each server " +
          'row is divided by the reference row of the same call and cache mode (session cache: the verified token ' +
          'and session kept for SESSION_CACHE_MS; none: SESSION_CACHE_MS=0, every request verifies and loads).',
      ].join('\n');
  const http = ONLY_PAGES
    ? (previous.sections.get('## HTTP') ?? '## HTTP\n\nNot measured yet: run `npm run bench`.')
    : [
        '## HTTP',
        '',
        mdTable(HTTP_HEADER, measures.map(httpCells), HTTP_ALIGN),
        '',
        ...notes.map((n) => `- ${n}`),
        '',
        "The SQL the reference runs, as captured from the product (the token check's session load, then each call's):",
        '',
        ...captures.flatMap(([db, c]) => [
          `- ${db}, session load: \`${oneLine(c.session.text)}\``,
          ...Object.entries(c.calls).flatMap(([url, list]) =>
            list.map((st) => `- ${db}, ${url}: \`${oneLine(st.text)}\``),
          ),
        ]),
      ].join('\n');
  const slowPc = ONLY_HTTP
    ? (previous.sections.get('## Pages on a slow PC') ?? '## Pages on a slow PC\n\nNot measured yet.')
    : [
        '## Pages on a slow PC',
        '',
        `Run ${new Date().toISOString()} with \`npm run bench${ONLY_PAGES ? ':pages' : ''}\` (load average ${loadNote}): ` +
          `Chromium (${'`/usr/bin/chromium`'}, headless, 1366×768, ja-JP), a new context per run (cold cache), the CPU ` +
          `throttled ${CPU_THROTTLE}x through CDP \`Emulation.setCPUThrottlingRate\`, ${RUNS} runs per page; server on ` +
          `PGlite with the demo data and ${EXTRA_PROJECTS} extra projects for the discharger's company. *ready*: ` +
          'milliseconds from navigation until a selector that appears only with the page’s data (home, achievements, ' +
          'project list: a table row; contract create: the save button of the loaded editor; login: the form). ' +
          '*JS*: the script files the browser fetched until the network was idle after that, with the gzip -9 size ' +
          'of the same files and the bytes transferred (the server sends brotli). *long tasks*: main-thread tasks over ' +
          '50 ms until ready, summed (count). Targets: home < 300 kB gzip and ready < 3.5 s; every page < 350 kB and ' +
          '< 4 s.',
        '',
        mdTable(PAGE_HEADER, pageLoads.map(pageCells), PAGE_ALIGN),
        '',
        ...pageLoads.map(
          (r) =>
            `- ${r.page.name} (\`/sys/${r.page.path}\`, ready: \`${r.page.ready}\`), largest scripts: ` +
            r.files
              .slice(0, 5)
              .map((f) => `\`${f.file}\` ${kb(f.gzip)}`)
              .join(', '),
        ),
      ].join('\n');
  const bundles = [
    '## JavaScript loaded per page',
    '',
    'From `apps/web/dist`: entry chunk + static imports + the route’s lazy chunks and their static imports; ' +
      'gzip level 9 per file, summed; kB = 1000 bytes.',
    '',
    ...pages.flatMap((p) => [
      `### ${p.page}: ${kb(p.gzip)} gzip (${kb(p.raw)} raw)`,
      '',
      mdTable(BUNDLE_HEADER, bundleRows(p), BUNDLE_ALIGN),
      '',
      ...(p.deferred.length
        ? [
            `Loaded later by the page (not counted): ${p.deferred.map((f) => `\`${path.basename(f.file)}\` ${kb(f.gzip)}`).join(', ')}.`,
            '',
          ]
        : []),
    ]),
    `Login page target < ${kb(LOGIN_TARGET_BYTES)} gzip: **${loginMet ? 'met' : 'not met'}** (${kb(login.gzip)}).`,
  ].join('\n');
  const ours = new Set(['## HTTP', '## Pages on a slow PC', '## JavaScript loaded per page']);
  const kept = [...previous.sections].filter(([heading]) => !ours.has(heading)).map(([, text]) => text);
  writeFileSync(resultsFile, `${[top, http, slowPc, bundles, ...kept].join('\n\n')}\n`);
  out('Wrote bench/last-results.md');
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

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
