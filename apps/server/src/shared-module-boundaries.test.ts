import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A schema module keeps its zod schemas, and zod, in every page that imports one of its names (architecture notes:
 * chunks). So the modules screens read without validating never import, even through another module, a schema
 * module (api/*.ts, validation.ts) or zod; type-only imports are erased and allowed.
 */
const ROOT = path.join(import.meta.dirname, '../../../packages/shared/src');
const isSchemaModule = (file: string) => file.startsWith(`api${path.sep}`) || file === 'validation.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}

/** The value imports of a module: `import { a, type B }`, not `import type { B }`. */
function valueImports(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
    const spec = m[1]!;
    if (spec === 'zod') found.push('zod');
    else if (spec.startsWith('.')) found.push(path.normalize(path.join(path.dirname(file), `${spec}.ts`)));
  }
  return found;
}

/** The first chain of imports from `file` to zod or a schema module, or null. */
function pathToSchemas(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const next of valueImports(file)) {
    if (next === 'zod' || isSchemaModule(next)) return [file, next];
    const rest = pathToSchemas(next, seen);
    if (rest) return [file, ...rest];
  }
  return null;
}

describe("the shared package's modules screens read without validating", () => {
  const plain = sourceFiles('.').filter((f) => !isSchemaModule(f));

  it('are found', () => {
    expect(plain).toContain('field-rules.ts');
    expect(plain).toContain('project-list.ts');
  });

  it.each(plain)('%s reaches neither zod nor a schema module', (file) => {
    expect(pathToSchemas(file)).toBeNull();
  });
});
