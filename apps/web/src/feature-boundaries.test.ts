import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Features do not import each other's internals. What two features share moves out of features/: UI pieces to
 * components/ (the project page header, states and summary in components/project/), the owners of the reads
 * and keys several features use to lib/ (lib/project-data/, lib/permit-data/, lib/report-data/,
 * lib/account-info.ts, lib/reference-data/), pages that compose several features to app/pages; a GET is read
 * through its owner's file. These are the imports across features that remain, each with why; a new one fails
 * here (move the shared piece instead, or add it with a reason), and an entry nothing uses any more fails too.
 */
const ALLOWED: Record<string, string> = {
  // The achievements screens are where the spec opens the reports and warns of their deadlines: the list
  // and detail pages are the achievements feature itself, so they compose the report dialogs and the
  // deadlines panel of the features that own them (each dialog loads its own data and writes).
  'achievements -> manifests/components/report-deadlines':
    'the report screens show the manifest report deadlines',
  'achievements -> transport-reports/components/industrial-report-modal':
    'the achievements list opens the industrial report',
  'achievements -> transport-reports/components/regular-report-modal':
    'the achievements list opens the monthly regular report',
  'achievements -> transport-reports/components/transport-report-dialog':
    'a detail line opens its report in the report dialog',
  'dispatch -> collections/components/collection-status-tag':
    "the dispatch shows each stop's status in the schedules' colours",
};

/** The most entries ALLOWED may hold. It only goes down: move a shared piece rather than raise it. */
const MAX_ALLOWED = 10;

const FEATURES = join(import.meta.dirname, 'features');
/**
 * Folders every feature may use (the UI kit, and lib/ with the HTTP client and the shared data owners): they
 * import no feature, so nothing reaches a feature through them.
 */
const SHARED = ['components', 'lib'].map((dir) => join(import.meta.dirname, dir));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `a -> b/path` for every import of a file in features/a from features/b (b != a). */
function crossFeatureImports(file: string, text: string): string[] {
  const from = relative(FEATURES, file).split('/')[0];
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import\()\s*'(\.[^']*)'/g)) {
    const target = relative(FEATURES, resolve(dirname(file), match[1] ?? '.'));
    if (target.startsWith('..')) continue;
    const [to, ...rest] = target.split('/');
    if (to !== from) found.push(`${from} -> ${to}/${rest.join('/').replace(/\.tsx?$/, '')}`);
  }
  return found;
}

describe('feature boundaries', () => {
  it('reads an import of another feature, and not of its own or of lib/', () => {
    const file = join(FEATURES, 'quotes/pages/x.tsx');
    const text = [
      "import { a } from '../../projects/api/project-detail';",
      "import { b } from '../api/create-quote';",
      "import { c } from '../../../lib/format';",
    ].join('\n');
    expect(crossFeatureImports(file, text)).toEqual(['quotes -> projects/api/project-detail']);
  });

  it('has no cross-feature import outside the allow-list', () => {
    const all = sourceFiles(FEATURES).flatMap((file) =>
      crossFeatureImports(file, readFileSync(file, 'utf8')),
    );
    // The scan must see the app's imports, or it would pass on nothing.
    expect(all).toContain('achievements -> transport-reports/components/transport-report-dialog');
    expect([...new Set(all.filter((entry) => !(entry in ALLOWED)))]).toEqual([]);
  });

  it('keeps the allow-list at or under its maximum', () => {
    expect(Object.keys(ALLOWED).length).toBeLessThanOrEqual(MAX_ALLOWED);
  });

  it('has no allowed import that nothing makes any more', () => {
    const all = new Set(
      sourceFiles(FEATURES).flatMap((file) => crossFeatureImports(file, readFileSync(file, 'utf8'))),
    );
    expect(Object.keys(ALLOWED).filter((entry) => !all.has(entry))).toEqual([]);
  });

  it('keeps components/ and lib/ free of feature imports', () => {
    const reaching = SHARED.flatMap(sourceFiles).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']*)'/g)]
        .filter((match) => !relative(FEATURES, resolve(dirname(file), match[1] ?? '.')).startsWith('..'))
        .map((match) => `${relative(import.meta.dirname, file)} -> ${match[1]}`),
    );
    expect(SHARED.flatMap(sourceFiles).length).toBeGreaterThan(10);
    expect(reaching).toEqual([]);
  });
});
