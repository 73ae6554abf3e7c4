/**
 * The request rates on one database: the SQL each call runs, captured from the product (capture-sql.ts); a bare
 * Fastify route measured first, then the product's build with its session cache and without it, each call measured
 * in turn with its reference route (reference-server.ts) of the same cache mode (`alternate`), every answer
 * checked equal to the reference's before any load. autocannon,
 * BENCH_CONNECTIONS connections, BENCH_DURATION seconds per run after BENCH_WARMUP seconds.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo';
import { type CapturedCalls, captureCalls } from './capture-sql';
import { DISCHARGER, EXTRA_PROJECTS, prepareDatabase } from './databases';
import { LOG_LEVEL, onCleanUp, out, startChild, waitReady } from './harness';

const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
/**
 * Seconds of load on each call when a server under comparison has started (`BENCH_SERVER_WARMUP`), before any
 * figure is taken: the product runs far more code than the reference, which V8 compiles to its fastest form only
 * after thousands of requests, and a server in production runs for days.
 */
const SERVER_WARMUP = Number(process.env.BENCH_SERVER_WARMUP ?? 10);
export const PROJECTS_URL = '/api/projects?page=1&size=50';

export interface Measure {
  database: string;
  endpoint: string;
  connections: number;
  rps: number;
  p99: number;
  /** The server process's CPU time (user and system) per request over the measured seconds, in µs. */
  cpuUs: number | null;
  ratio: number | null;
  refRatio: number | null;
  non2xx: number;
  errors: number;
}

/** Pause so requests left queued by the previous run (autocannon drops its sockets at the deadline) finish. */
const SETTLE_MS = 1000;

/**
 * A process's CPU time so far (user and system, `/proc/<pid>/stat`), in µs; null where there is no /proc. Read
 * around a run, it gives the server's own cost per request, which a busy machine moves far less than the rate.
 */
function cpuTimeUs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** `getconf CLK_TCK` on Linux. */
const CLOCK_TICKS = 100;

async function load(url: string, connections: number, token?: string, pid?: number) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  await sleep(SETTLE_MS);
  if (WARMUP > 0) await autocannon({ url, connections, duration: WARMUP, headers });
  const cpuBefore = cpuTimeUs(pid);
  const result = await autocannon({ url, connections, duration: DURATION, headers });
  const cpuAfter = cpuTimeUs(pid);
  const served = result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUs: cpuBefore !== null && cpuAfter !== null && served > 0 ? (cpuAfter - cpuBefore) / served : null,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

type Load = Awaited<ReturnType<typeof load>>;

/** Rounds of each reference and server pair (`BENCH_ROUNDS`): the two alternate, so a drift of the machine's speed
 * over the run (a shared machine, a CPU's boost running out) weighs on both alike. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));

/**
 * Measures the reference and the server in turn, `ROUNDS` times, the one measured first changing each round
 * (reference, server; server, reference; …); each side's figures are the mean of its rounds (p99: the largest).
 */
async function alternate(ref: () => Promise<Load>, server: () => Promise<Load>) {
  const runs: { ref: Load[]; server: Load[] } = { ref: [], server: [] };
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      runs.ref.push(await ref());
      runs.server.push(await server());
    } else {
      runs.server.push(await server());
      runs.ref.push(await ref());
    }
  }
  const mean = (loads: Load[]): Load => ({
    rps: loads.reduce((sum, l) => sum + l.rps, 0) / loads.length,
    p99: Math.max(...loads.map((l) => l.p99)),
    cpuUs: loads.every((l) => l.cpuUs !== null)
      ? loads.reduce((sum, l) => sum + (l.cpuUs ?? 0), 0) / loads.length
      : null,
    non2xx: loads.reduce((sum, l) => sum + l.non2xx, 0),
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
  });
  return { ref: mean(runs.ref), server: mean(runs.server) };
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

export async function benchDatabase(
  label: string,
  databaseUrl?: string,
): Promise<{ rows: Measure[]; listed: number; captured: CapturedCalls }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `junkan-bench-${label}-`));
  onCleanUp(async () => rmSync(dataDir, { recursive: true, force: true }));
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
    onCleanUp(async () => rmSync(refDir, { recursive: true, force: true }));
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
  const warmUp = async (urls: string[]) => {
    for (const url of urls)
      await autocannon({ url, connections: CONNECTIONS[0], duration: SERVER_WARMUP, headers: auth });
  };
  /** The reference's answer per call, compared with the product's below: both must write the same JSON. */
  const refAnswers = new Map<string, string>();
  for (const mode of CACHE_MODES)
    for (const call of CALLS) {
      const res = await fetch(`${reference.base}/${mode.refPath}/${call.ref}`, { headers: auth });
      if (!res.ok) throw new Error(`reference ${call.ref} answered ${res.status}: ${await res.text()}`);
      refAnswers.set(call.url, await res.text());
    }

  await warmUp(CACHE_MODES.flatMap((mode) => CALLS.map((c) => `${reference.base}/${mode.refPath}/${c.ref}`)));
  const rows: Measure[] = [];
  const bareRps = new Map<number, number>();
  let listed = 0;
  for (const connections of CONNECTIONS) {
    out(`[${label}] ${connections} connections: bare…`);
    const b = await load(`${bare.base}/bare`, connections);
    bareRps.set(connections, b.rps);
    rows.push({ database: label, endpoint: 'bare', connections, ...b, ratio: 1, refRatio: null });
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
    await warmUp(CALLS.map((c) => server.base + c.url));
    for (const connections of CONNECTIONS) {
      out(`[${label}] ${connections} connections: reference and server (${mode.label}), ${ROUNDS} rounds…`);
      for (const call of CALLS) {
        const { ref, server: measured } = await alternate(
          () => load(`${reference.base}/${mode.refPath}/${call.ref}`, connections, token, reference.proc.pid),
          () => load(server.base + call.url, connections, token, server.proc.pid),
        );
        const b = bareRps.get(connections) ?? 0;
        rows.push({
          database: label,
          endpoint: `reference ${call.url.split('?')[0]} (${mode.label})`,
          connections,
          ...ref,
          ratio: b > 0 ? ref.rps / b : null,
          refRatio: 1,
        });
        rows.push({
          database: label,
          endpoint: `GET ${call.url} (${mode.label})`,
          connections,
          ...measured,
          ratio: b > 0 ? measured.rps / b : null,
          refRatio: ref.rps > 0 ? measured.rps / ref.rps : null,
        });
      }
    }
    await sleep(SETTLE_MS);
    await server.stop();
  }
  await Promise.all([bare.stop(), reference.stop()]);
  return { rows, listed, captured };
}
