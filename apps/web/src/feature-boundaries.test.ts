import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Features do not import each other's internals: what two features share moves to components/ or lib/,
 * pages that compose several features live in app/pages, a GET is read through its owner's api file. These
 * are the imports across features that remain, each with why; a new one fails here (move the shared piece
 * instead, or add it with a reason), and an entry nothing uses any more fails too, so the list only shrinks.
 */
const ALLOWED: Record<string, string> = {
  'collection-areas -> disposal-unit-prices/components/disposal-unit-price-table':
    'the area price page shows the disposal unit prices as its third tab',
  'disposal-unit-prices -> handling-waste-prices/components/handling-waste-price-form-modal':
    'the disposal price form offers the same waste choices as the handling-waste price form',
  'disposal-unit-prices -> handling-waste-prices/components/price-status-tag':
    'a disposal price period shows the same status tag as a handling-waste price period',
  // The project pieces every project feature builds on: a quote request, a quote and a contract are steps
  // of one project, read and refreshed through the project detail owner and shown under its header.
  'contracts -> projects/api/project-detail': 'the contract pages read the project through its owner',
  'contracts -> projects/components/project-page-header':
    'the contract pages sit under the project page header',
  'contracts -> projects/components/project-page-state':
    'the contract pages share the project loading states',
  'industrial-quote-request -> projects/api/project-detail':
    'the draft is read and refreshed through its owner',
  'quote-request -> projects/api/project-detail': 'the draft is read through its owner',
  'quote-request -> projects/api/request-quote': 'the confirm step sends the draft with the project action',
  'quote-request -> projects/components/project-summary': 'the confirm step shows the project summary',
  'quotes -> projects/api/project-detail': 'the quote page reads the project through its owner',
  'quotes -> projects/components/project-page-header': 'the quote page sits under the project page header',
  'quotes -> projects/components/project-page-state': 'the quote page shares the project loading states',
  'collections -> projects/api/project-detail':
    "cancelling a spot contract's collection cancels its project: refreshed through its owner",
  'collections -> manifests/api/report-deadlines':
    'a collection marked collected waits for its transport report: its actions refresh the deadlines owner key',
  'transport-reports -> projects/api/project-list':
    'the regular report picks a project from the project list owner',

  // Reads and writes through another feature's owner of the data.
  'contracts -> permits/api/usable-permits':
    "the contract's license is chosen from the permits usable on its start date, read through their owner",
  'contracts -> permits/api/permit':
    'a chosen permit the start date no longer fits is read through its owner',
  'industrial-quote-request -> account/api/account-info': 'the form reads the offices from the account owner',
  'quote-request -> account/api/account-info': 'the form reads the offices from the account owner',
  'transport-reports -> achievements/api/keys':
    'a report changes the achievements: its writes invalidate the achievements owner key',
  'transport-reports -> manifests/api/keys':
    'a report changes manifests and their deadlines: its writes invalidate the manifest owner key',

  // The achievements screens are where the spec opens the reports and warns of their deadlines.
  'achievements -> manifests/components/report-deadlines':
    'the report screens show the manifest report deadlines',
  'achievements -> transport-reports/components/industrial-report-modal':
    'the achievements list opens the industrial report',
  'achievements -> transport-reports/components/regular-report-modal':
    'the achievements list opens the monthly regular report',
  'achievements -> transport-reports/components/transport-report-dialog':
    'a detail line opens its report in the report dialog',
};

const FEATURES = join(import.meta.dirname, 'features');
/** Folders every feature may use: they import no feature, so nothing reaches a feature through them. */
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
    expect(all).toContain('quotes -> projects/api/project-detail');
    expect([...new Set(all.filter((entry) => !(entry in ALLOWED)))]).toEqual([]);
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
