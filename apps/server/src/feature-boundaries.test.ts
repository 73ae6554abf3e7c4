import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Server features do not import each other: what several of them need sits in a shared core they all depend
 * on. project-core (a project's access, status moves, detail, attachments), account-core (mailed links, account
 * records, the sign-up mail to administrators), permit-core (permits as other features read them), inquiry-core
 * (an inquiry's history and mails, which a support conversation also writes) and jwnet (the manifest network's
 * queue and running functions). A core imports no other feature, or the dependency would run both ways; a core
 * may build on another core one way only (project-core reads permit coverage; what both need, such as the
 * attachments table's rows, sits in plugins/). There is no allow-list: move the shared piece into a core instead.
 */
const CORES = ['project-core', 'account-core', 'jwnet', 'permit-core', 'inquiry-core'];

const FEATURES = join(import.meta.dirname, 'features');

/** Every non-test .ts file under features/<feature>/. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return dir !== FEATURES && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** `a -> b` for every import (static, dynamic, side-effect or re-export) of features/b by a file in features/a. */
function crossFeatureImports(file: string, text: string): string[] {
  const from = relative(FEATURES, file).split('/')[0];
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*['"](\.[^'"]*)['"]/g)) {
    const target = relative(FEATURES, resolve(dirname(file), match[1] ?? '.'));
    if (target === '' || target.startsWith('..')) continue;
    const to = target.split('/')[0];
    if (to !== from) found.push(`${from} -> ${to}`);
  }
  return found;
}

const allImports = () =>
  sourceFiles(FEATURES).flatMap((file) => crossFeatureImports(file, readFileSync(file, 'utf8')));

const isCore = (feature: string) => CORES.includes(feature);

describe('server feature boundaries', () => {
  it('reads an import of another feature, and not of its own, of lib/ or of a package', () => {
    const file = join(FEATURES, 'quotes/quotes.service.ts');
    const text = [
      "import { a } from '../attachments/attachments.service';",
      "import type { b } from '../project-core/project-access';",
      "export { c } from '../users/users.service';",
      "import '../auth/auth.routes';",
      "const d = await import('../contracts/contracts.service');",
      "import { e } from './quotes.routes';",
      "import { f } from '../../lib/app-error';",
      "import { g } from '@junkan/shared';",
    ].join('\n');
    expect(crossFeatureImports(file, text)).toEqual([
      'quotes -> attachments',
      'quotes -> project-core',
      'quotes -> users',
      'quotes -> auth',
      'quotes -> contracts',
    ]);
  });

  it('names cores that exist', () => {
    for (const core of CORES) expect(existsSync(join(FEATURES, core)), core).toBe(true);
  });

  it('lets a feature import no other feature but the shared cores', () => {
    const all = allImports();
    const crossing = all.filter((entry) => {
      const [from, to] = entry.split(' -> ') as [string, string];
      return !isCore(from) && !isCore(to);
    });
    expect([...new Set(crossing)]).toEqual([]);
    // The scan must see the app's imports, or it would pass on nothing.
    expect(all).toContain('quotes -> project-core');
    expect(all).toContain('users -> account-core');
  });

  it('lets no two cores import each other (a core that needs what another holds takes it from lib or plugins)', () => {
    const between = new Set(
      allImports().filter((entry) => {
        const [from, to] = entry.split(' -> ') as [string, string];
        return isCore(from) && isCore(to);
      }),
    );
    const bothWays = [...between].filter((entry) => {
      const [from, to] = entry.split(' -> ') as [string, string];
      return between.has(`${to} -> ${from}`);
    });
    expect(bothWays).toEqual([]);
  });

  it('keeps the shared cores free of imports of other features', () => {
    const reaching = allImports().filter((entry) => {
      const [from, to] = entry.split(' -> ') as [string, string];
      return isCore(from) && !isCore(to);
    });
    expect([...new Set(reaching)]).toEqual([]);
  });
});

/** A handler or helper refusing a caller by its role, beside the routes' declared `config.role`. */
const INLINE_ROLE_CHECK =
  /operatorRole\([^)]*\)\s*!==?\s*'(WASTE|TRANSPORT|ADMIN)'[^\n]*\n?[^\n]*forbidden|requireOperatorRole/;

describe("the caller's role", () => {
  it('is declared by each route (config.role, checked once by the auth hook), never checked again inline', () => {
    expect(
      INLINE_ROLE_CHECK.test("if (operatorRole(session) !== 'WASTE') throw new AppError('forbidden', 'F');"),
    ).toBe(true);
    expect(INLINE_ROLE_CHECK.test("requireOperatorRole(session, 'WASTE');")).toBe(true);
    expect(
      INLINE_ROLE_CHECK.test("const side = operatorRole(session) === 'WASTE' ? 'WASTE' : 'TRANSPORT';"),
    ).toBe(false);
    const found = sourceFiles(FEATURES).filter((file) => INLINE_ROLE_CHECK.test(readFileSync(file, 'utf8')));
    expect(found.map((f) => relative(FEATURES, f))).toEqual([]);
  });
});

/** A web app address typed by hand in server code: `/sys` in a string, outside a comment. */
const HAND_BUILT_LINK = /^(?!\s*(\*|\/\/|\/\*)).*['"`][^'"`\n]*\/sys(\/|['"`$])/m;

describe('links to the web app', () => {
  it('are built from the shared path registry (appLink, paths), never typed by hand', () => {
    expect(HAND_BUILT_LINK.test("const link = app.config.publicUrl + '/sys/license-management';")).toBe(true);
    expect(HAND_BUILT_LINK.test('/** Serves the web app under /sys/. */')).toBe(false);
    expect(HAND_BUILT_LINK.test(' * the /sys/reset-pass link')).toBe(false);
    expect(HAND_BUILT_LINK.test('const link = appLink(app.config.publicUrl, paths.home.to());')).toBe(false);
    const server = join(import.meta.dirname);
    const files = [
      ...sourceFiles(FEATURES),
      ...readdirSync(server, { recursive: true, encoding: 'utf8' })
        .filter((f) => !f.startsWith('features') && /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
        .map((f) => join(server, f)),
    ];
    const found = files.filter((file) => HAND_BUILT_LINK.test(readFileSync(file, 'utf8')));
    expect(found.map((f) => relative(server, f))).toEqual([]);
  });
});

/** Every test file under the server's source folder, but this one (its patterns would match themselves). */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.ts$/.test(entry.name) && path !== import.meta.filename ? [path] : [];
  });
}

/** Calls that change a module or a global for the rest of a worker's run. */
const WORKER_WIDE = ['mock', 'doMock', 'stubGlobal', 'stubEnv', 'useFakeTimers'].map((name) => `vi.${name}(`);

describe('API test files sharing a worker', () => {
  // vitest.config.ts runs the server's test files one after another in one module graph (isolate: false):
  // a module mocked or a global stubbed in one file would leak into the next.
  it('mock no module, stub no global or variable and fake no timer', () => {
    const files = testFiles(join(import.meta.dirname));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return WORKER_WIDE.filter((call) => text.includes(call)).map(
        (call) => `${relative(FEATURES, file)}: ${call}`,
      );
    });
    expect(found).toEqual([]);
  });
});
