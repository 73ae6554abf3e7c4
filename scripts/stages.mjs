// Runs a plan of test stages and ends with a table of each stage's seconds: `node scripts/stages.mjs test` is the
// README's `npm test`, `node scripts/stages.mjs ci` what `.ci/run` does after installing. A step that is a list runs
// its stages side by side (their output is kept and printed when the stage ends, so it does not interleave);
// the plan stops at the first step that fails, and the table still prints.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_URL = process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const stage = (name, command, env = {}) => ({ name, command, env });

// The README's `npm test`: each part once. The web app is built once and the end-to-end run serves that build.
const TEST = [
  stage('typecheck', 'npm run typecheck'),
  stage('lint', 'npm run lint'),
  stage('unit tests', 'npm run test:unit'),
  stage('API tests (PGlite)', 'npm run test:api'),
  stage('web build', 'npm run build'),
  // End to end on one server in two workers (e2e/playwright.config.ts; measured in docs/testing.md).
  stage('end to end', 'npm run test -w @junkan/e2e'),
];

const CI = [
  stage('npm ci', 'npm ci --no-audit --no-fund'),
  ...TEST,
  stage('API tests (PostgreSQL)', 'npm run test:api', { TEST_DATABASE_URL: PG_URL }),
  // The chat across two server processes on one PostgreSQL database, in the browser.
  stage(
    'e2e: chat on two processes',
    'npm run test -w @junkan/e2e -- tests/notices-chat.spec.ts -g "two server processes"',
    {
      TEST_DATABASE_URL: PG_URL,
    },
  ),
];

const plans = { test: TEST, ci: CI };
const plan = plans[process.argv[2] ?? ''];
if (!plan) {
  console.error(`usage: node scripts/stages.mjs ${Object.keys(plans).join('|')}`);
  process.exit(2);
}

/** Runs one stage; `quiet` keeps its output and prints it when the stage ends. Resolves to its exit code and seconds. */
function run(s, quiet) {
  const started = performance.now();
  const chunks = [];
  return new Promise((resolve) => {
    console.info(`\n▶ ${s.name}: ${s.command}`);
    const child = spawn(s.command, {
      cwd: root,
      shell: true,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...s.env },
    });
    if (quiet) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (quiet) console.info(`\n── output of ${s.name} ──\n${Buffer.concat(chunks).toString()}`);
      console.info(
        `◀ ${s.name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s`,
      );
      resolve({ name: s.name, code: code ?? 1, seconds });
    });
  });
}

const results = [];
const started = performance.now();
for (const step of plan) {
  const group = Array.isArray(step) ? step : [step];
  const done = await Promise.all(group.map((s) => run(s, group.length > 1)));
  results.push(...done.map((r, i) => ({ ...r, parallel: group.length > 1 && i > 0 })));
  if (done.some((r) => r.code !== 0)) break;
}
const total = (performance.now() - started) / 1000;

const width = Math.max(...results.map((r) => r.name.length), 5) + 2;
const lines = ['', `${'stage'.padEnd(width)}seconds  result`];
for (const r of results) {
  const name = `${r.parallel ? '∥ ' : ''}${r.name}`;
  lines.push(
    `${name.padEnd(width)}${r.seconds.toFixed(0).padStart(7)}  ${r.code === 0 ? 'passed' : 'FAILED'}`,
  );
}
const skipped = plan.flat().length - results.length;
if (skipped > 0) lines.push(`(${skipped} stage(s) not run after the failure)`);
lines.push(`${'total (wall clock)'.padEnd(width)}${total.toFixed(0).padStart(7)}`);
lines.push(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.info(lines.join('\n'));
process.exit(results.every((r) => r.code === 0) && skipped === 0 ? 0 : 1);
