// `npm run typecheck`: `tsc -p` for each TypeScript project, as many at once as the machine has cores (tsc uses
// one). `node scripts/typecheck.mjs apps/web e2e` checks only those. Each project's errors are printed together.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The type-check projects, the longest checks first, and the folders each reads (a change in the shared package
 * checks every project that imports it: `npm run test:quick` chooses by these).
 */
export const TYPECHECK_PROJECTS = {
  'apps/server': ['apps/server', 'packages/shared'],
  bench: ['bench'],
  'apps/web': ['apps/web', 'packages/shared'],
  e2e: ['e2e', 'packages/shared'],
  'packages/shared': ['packages/shared'],
  'apps/jwnet-simulator': ['apps/jwnet-simulator'],
  'apps/card-simulator': ['apps/card-simulator'],
};

function check(project) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsc'), ['-p', project], { cwd: root });
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      if (code === 0) console.info(`✓ ${project} (${seconds} s)`);
      else {
        console.error(`✗ ${project} (${seconds} s)`);
        process.stderr.write(Buffer.concat(output));
      }
      resolve(code === 0);
    });
  });
}

/** Checks `projects`; answers whether all passed. */
export async function typecheck(projects = Object.keys(TYPECHECK_PROJECTS)) {
  const queue = [...projects];
  let passed = true;
  const lanes = Math.min(os.availableParallelism(), queue.length);
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) if (!(await check(p))) passed = false;
    }),
  );
  return passed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((p) => !(p in TYPECHECK_PROJECTS));
  if (unknown.length) {
    console.error(`not a type-check project: ${unknown.join(', ')}`);
    process.exit(2);
  }
  process.exit((await typecheck(asked.length ? asked : undefined)) ? 0 : 1);
}
