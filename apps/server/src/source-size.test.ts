import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No source file of the product, its benches, its build scripts or its end-to-end support grows past MAX_LINES: a
 * file that does has two jobs, and is split where a reader would look for each (a service per use case, a page's
 * modal in its own file, a rule beside its test). Data and schema files are measured by what they list, not by
 * what they do, and are left out; at most MAX_EXCEPTIONS cohesive files may stay over, each named here with the
 * reason. The list only shrinks: a listed file that fits fails too.
 */
const MAX_LINES = 400;
const MAX_EXCEPTIONS = 5;

const ROOT = join(import.meta.dirname, '../../..');
const SOURCES = [
  'apps/server/src',
  'apps/web/src',
  'apps/jwnet-simulator/src',
  'apps/card-simulator/src',
  'packages/shared/src',
  'bench',
  'scripts',
  'e2e/support',
];

/** Files whose length is their data: tables, schemas, demo records. */
const DATA_OR_SCHEMA: { match: RegExp; reason: string }[] = [
  { match: /^apps\/server\/src\/db\/schema\//, reason: 'the database tables, one file per domain' },
  { match: /^apps\/server\/src\/seed\/demo-[a-z-]+\.ts$/, reason: 'the demo records' },
  { match: /^packages\/shared\/src\/api\//, reason: 'the API contract: zod schemas of requests and answers' },
  { match: /^apps\/web\/src\/app\/route-table\.ts$/, reason: 'the page table: one entry per screen' },
];

/** Cohesive files that stay over the limit, with why they are one piece. */
const EXCEPTIONS: Record<string, string> = {
  'apps/jwnet-simulator/src/simulator.ts':
    "the manifest network's whole behaviour for the tests: one state of manifests, faults and clock, each call a small method on it",
  'apps/card-simulator/src/simulator.ts':
    "the card provider's whole behaviour for the tests: one state of payments, faults and webhook deliveries",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.(tsx?|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The measured files over `max` lines, as `path (lines)`. */
function oversized(files: { path: string; text: string }[], max: number): string[] {
  return files
    .filter((f) => !DATA_OR_SCHEMA.some((d) => d.match.test(f.path)))
    .map((f) => ({ path: f.path, lines: lineCount(f.text) }))
    .filter((f) => f.lines > max)
    .map((f) => `${f.path} (${f.lines})`);
}

const measured = () =>
  SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir))).map((file) => ({
    path: relative(ROOT, file),
    text: readFileSync(file, 'utf8'),
  }));

describe('source file size', () => {
  it('counts lines, and leaves data and schema files out', () => {
    const long = 'x\n'.repeat(401);
    expect(
      oversized(
        [
          { path: 'apps/server/src/features/a/a.service.ts', text: long },
          { path: 'apps/server/src/features/a/b.service.ts', text: 'x\n'.repeat(400) },
          { path: 'apps/server/src/db/schema/projects.ts', text: long },
        ],
        MAX_LINES,
      ),
    ).toEqual(['apps/server/src/features/a/a.service.ts (401)']);
  });

  it(`keeps every source file at ${MAX_LINES} lines or fewer, but the listed exceptions`, () => {
    const files = measured();
    // The scan must see the product's files, or it would pass on nothing.
    expect(files.length).toBeGreaterThan(500);
    const over = oversized(files, MAX_LINES).filter((f) => !(f.replace(/ \(\d+\)$/, '') in EXCEPTIONS));
    expect(over).toEqual([]);
  });

  it(`lists at most ${MAX_EXCEPTIONS} exceptions, each still over the limit`, () => {
    expect(Object.keys(EXCEPTIONS).length).toBeLessThanOrEqual(MAX_EXCEPTIONS);
    const over = new Set(oversized(measured(), MAX_LINES).map((f) => f.replace(/ \(\d+\)$/, '')));
    expect(Object.keys(EXCEPTIONS).filter((path) => !over.has(path))).toEqual([]);
  });
});
