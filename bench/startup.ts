// `npm run bench:startup`: start-up time and resident memory of the server, run as `npm start` ran it before the
// build (tsx, TypeScript compiled at load) and as it runs now (the esbuild bundle with plain node). Each run opens
// the same existing database (prepared by the first start): the embedded one, or the PostgreSQL database named
// by BENCH_DATABASE_URL (which should exist and may be empty).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3520);

const MODES = {
  tsx: [path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts']],
  compiled: [process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js']],
} as const;

/** Resident memory (kB) of a process and its children: tsx runs the server in a child node process. */
function treeRssKb(pid: number): number {
  let total = 0;
  try {
    total = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean))
      total += treeRssKb(Number(task));
  } catch {
    // gone meanwhile
  }
  return total;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(mode: keyof typeof MODES, dataDir: string) {
  const [command, args] = MODES[mode];
  const started = performance.now();
  const proc = spawn(command, [...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_bench',
      CARD_PROVIDER_SECRET_KEY: 'sk_test_bench',
      CARD_PROVIDER_WEBHOOK_SECRET: 'whsec_test_bench',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      JWNET_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let readyMs = 0;
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (!readyMs && buffer.includes('"msg":"junkan is ready"')) {
        readyMs = performance.now() - started;
        resolve();
      }
    });
    proc.once('exit', (code) => reject(new Error(`exited with ${code} before ready`)));
  });
  await sleep(1_000);
  const readyRss = treeRssKb(proc.pid!);
  // Warm: a sign-in and 200 authenticated reads of the project list.
  const login = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'discharger@example.com', password: 'Demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  for (let i = 0; i < 200; i++)
    await (
      await fetch(`http://127.0.0.1:${PORT}/api/projects`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
  const warmRss = treeRssKb(proc.pid!);
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
  return { readyMs, readyRssMb: readyRss / 1024, warmRssMb: warmRss / 1024 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = mkdtempSync(path.join(tmpdir(), 'junkan-startup-'));
try {
  // The first start creates and seeds the database; it is not measured.
  await run('compiled', dataDir);
  const lines = [
    '| run as | start to ready (ms) | RSS at ready (MB) | RSS after 200 reads (MB) |',
    '| --- | --- | --- | --- |',
  ];
  for (const mode of Object.keys(MODES) as (keyof typeof MODES)[]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await run(mode, dataDir));
    console.info(`${mode}: ${JSON.stringify(runs.map((r) => Object.values(r).map((v) => Math.round(v))))}`);
    lines.push(
      `| ${mode} | ${Math.round(median(runs.map((r) => r.readyMs)))} | ${Math.round(median(runs.map((r) => r.readyRssMb)))} | ${Math.round(median(runs.map((r) => r.warmRssMb)))} |`,
    );
  }
  console.info(`medians of ${RUNS} runs each:\n${lines.join('\n')}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
