// `npm run test:quick`: the inner loop. Of what changed since main (commits, edits and new files): the type check of
// the workspaces touched, lint of the changed files, every unit test, and the API tests of the server folders
// touched (a feature folder, or the folder of a changed plugin or helper). `npm test` remains the whole check.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TYPECHECK_PROJECTS } from './typecheck.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = process.env.QUICK_BASE ?? 'main';
const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

const mergeBase = git('merge-base', base, 'HEAD')[0];
const changed = [
  ...new Set([
    ...git('diff', '--name-only', mergeBase),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((file) => existsSync(path.join(root, file)));

const typecheck = Object.entries(TYPECHECK_PROJECTS)
  .filter(([, inputs]) => changed.some((file) => inputs.some((dir) => file.startsWith(`${dir}/`))))
  .map(([project]) => project);

/**
 * The API tests of the server files changed: a feature's whole folder, a plugin folder's tests, or the test file
 * beside a changed file elsewhere (lib/, db/, a plugin file), and every changed test file.
 */
function apiTests() {
  const found = new Set();
  for (const file of changed) {
    if (!file.startsWith('apps/server/src/')) continue;
    const folder = /^apps\/server\/src\/(features|plugins)\/[^/]+\//.exec(file)?.[0];
    if (folder) found.add(folder.slice(0, -1));
    else if (file.endsWith('.test.ts')) found.add(file);
    else if (existsSync(path.join(root, file.replace(/\.ts$/, '.test.ts'))))
      found.add(file.replace(/\.ts$/, '.test.ts'));
  }
  return [...found].filter((f) => !f.endsWith('/') && readdirOrFile(f));
}

/** Whether `f` is a test file, or a folder holding one. */
function readdirOrFile(f) {
  if (f.endsWith('.test.ts')) return true;
  return readdirSync(path.join(root, f), { recursive: true }).some((name) =>
    String(name).endsWith('.test.ts'),
  );
}

const steps = [];
const started = performance.now();
function step(name, command, args) {
  const t = performance.now();
  console.info(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = (performance.now() - t) / 1000;
  steps.push({ name, seconds, ok: result.status === 0 });
  if (result.status !== 0) finish(1);
}

function finish(code) {
  console.info(`\nchanged since ${base}: ${changed.length} file(s)`);
  for (const s of steps)
    console.info(`${s.name.padEnd(34)}${s.seconds.toFixed(0).padStart(5)} s  ${s.ok ? 'passed' : 'FAILED'}`);
  console.info(`${'total'.padEnd(34)}${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);
  process.exit(code);
}

const bin = (name) => path.join(root, 'node_modules/.bin', name);
if (typecheck.length > 0)
  step(`typecheck ${typecheck.join(', ')}`, process.execPath, [
    path.join(root, 'scripts/typecheck.mjs'),
    ...typecheck,
  ]);
const lintable = changed.filter((f) => /\.(ts|tsx|mjs|js|json)$/.test(f));
if (lintable.length > 0) {
  step('lint (changed files)', path.join(root, 'node_modules/@biomejs/cli-linux-x64/biome'), [
    'check',
    '--no-errors-on-unmatched',
    ...lintable,
  ]);
}
step('unit tests', bin('vitest'), ['run', '--project', 'shared', '--project', 'web']);
const api = apiTests();
if (api.length > 0)
  step(`API tests (${api.length} part(s))`, bin('vitest'), ['run', '--project', 'server', ...api]);
finish(0);
