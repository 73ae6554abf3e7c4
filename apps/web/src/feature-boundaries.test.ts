import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Features do not import each other's internals: what two features share moves to components/ or lib/,
 * a GET is read through its owner's api file. These are today's imports across features, each with why;
 * a new one fails here (move the shared piece instead, or add it with a reason).
 */
const ALLOWED: Record<string, string> = {
  'account-master -> account/components/account-info-form':
    'the admin edits an account with the form the operator uses for their own',
  'achievements -> manifests/components/report-deadlines':
    'the report screens show the manifest report deadlines',
  'achievements -> transport-reports/components/industrial-report-modal':
    'the achievements list is where the spec opens the industrial report',
  'achievements -> transport-reports/components/regular-report-modal':
    'the achievements list is where the spec opens the monthly regular report',
  'achievements -> transport-reports/components/transport-report-dialog':
    'a detail line opens its report in the report dialog',
  'contracts -> projects/api/project-detail': 'the contract pages read the project through its owner',
  'contracts -> projects/components/project-page-header':
    'the contract pages sit under the project page header',
  'contracts -> projects/components/project-page-state':
    'the contract pages share the project loading states',
  'home -> manifests/components/report-deadlines': 'home shows the manifest report deadlines',
  'home -> projects/api/project-list': 'the home table reads the project list owner',
  'industrial-quote-request -> account/api/account-info': 'the form reads the offices from the account owner',
  'industrial-quote-request -> projects/api/project-detail':
    'the draft is read and refreshed through its owner',
  'projects -> contracts/components/contract-card': 'the project detail composes the contract card',
  'projects -> contracts/contract-links': 'the project detail links to the contract pages',
  'projects -> home/components/tags': 'one set of status colours for the project tables',
  'projects -> quotes/components/quote-card': 'the project detail composes the quote card',
  'quote-request -> account/api/account-info': 'the form reads the offices from the account owner',
  'quote-request -> projects/api/project-detail': 'the draft is read through its owner',
  'quote-request -> projects/api/request-quote': 'the confirm step sends the draft with the project action',
  'quote-request -> projects/components/project-summary': 'the confirm step shows the project summary',
  'quotes -> projects/api/project-detail': 'the quote page reads the project through its owner',
  'quotes -> projects/components/project-page-header': 'the quote page sits under the project page header',
  'quotes -> projects/components/project-page-state': 'the quote page shares the project loading states',
  'transport-reports -> achievements/api/keys':
    'a report changes the achievements: its writes invalidate the achievements owner key',
  'transport-reports -> manifests/api/keys':
    'a report changes manifests and their deadlines: its writes invalidate the manifest owner key',
  'transport-reports -> projects/api/project-list':
    'the regular report picks a project from the project list owner',
};

const FEATURES = join(import.meta.dirname, 'features');

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
      "import { c } from '../../../lib/paths';",
    ].join('\n');
    expect(crossFeatureImports(file, text)).toEqual(['quotes -> projects/api/project-detail']);
  });

  it('has no cross-feature import outside the allow-list', () => {
    const all = sourceFiles(FEATURES).flatMap((file) =>
      crossFeatureImports(file, readFileSync(file, 'utf8')),
    );
    // The scan must see the app's imports, or it would pass on nothing.
    expect(all).toContain('home -> projects/api/project-list');
    expect([...new Set(all.filter((entry) => !(entry in ALLOWED)))]).toEqual([]);
  });
});
