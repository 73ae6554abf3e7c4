import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner per GET: when two files fetch the same path, they end up caching it under two keys and a write
 * refreshes only one of them (a stale screen). Reading from the owner's `...QueryOptions` avoids that.
 */
const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The first argument of a call whose `(` is at `open`: up to the `,` or `)` at its own depth. */
function firstArgument(text: string, open: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return text.slice(open + 1, i);
      depth--;
    } else if (c === ',' && depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** The API paths named in an argument (both branches of `a ? '/x' : '/y'`), `${...}` read as `:param`. */
function pathsIn(argument: string): string[] {
  const literals = argument.match(/'[^']*'|"[^"]*"|`(?:[^`$]|\$\{[^}]*\}|\$(?!\{))*`/g) ?? [];
  return literals
    .map((literal) => literal.slice(1, -1).replace(/\$\{[^}]*\}/g, ':param'))
    .filter((path) => path.startsWith('/'));
}

/** Every `api.get(...)` path of a source text. */
function getPathsOf(text: string): string[] {
  const paths: string[] = [];
  for (const match of text.matchAll(/\bapi\.get\b/g)) {
    // Skip the type arguments (`api.get<Record<string, unknown>[]>(`): the call's `(` follows them.
    const open = text.indexOf('(', match.index);
    const typeArgs = text.slice(match.index + match[0].length, open);
    if (!/^(<.*>)?\s*$/s.test(typeArgs)) continue;
    paths.push(...pathsIn(firstArgument(text, open)));
  }
  return paths;
}

describe('query owners', () => {
  it('reads the paths of api.get calls, literals and templates alike', () => {
    // biome-ignore-start lint/suspicious/noTemplateCurlyInString: source text that holds template literals
    const text = [
      "api.get<Record<string, unknown>[]>('/unit-measure')",
      'api.get<X>(`/projects/${id}`, { tab })',
      "api.get<Y>(isTransport ? '/trans/users/info' : '/users/info')",
      'api.get<Z>(\n  `/projects/${encodeURIComponent(String(id))}/attachments`,\n)',
      "api.post<W>('/projects', body)",
    ].join(';\n');
    // biome-ignore-end lint/suspicious/noTemplateCurlyInString: source text that holds template literals
    expect(getPathsOf(text)).toEqual([
      '/unit-measure',
      '/projects/:param',
      '/trans/users/info',
      '/users/info',
      '/projects/:param/attachments',
    ]);
  });

  it('finds each GET path fetched in one file only', () => {
    const owners = new Map<string, Set<string>>();
    for (const file of sourceFiles(SRC)) {
      for (const path of getPathsOf(readFileSync(file, 'utf8'))) {
        const files = owners.get(path) ?? new Set<string>();
        files.add(relative(SRC, file));
        owners.set(path, files);
      }
    }
    // The scan must see the app's calls, or it would pass on nothing.
    expect(owners.get('/unit-measure')).toEqual(new Set(['lib/reference-data/unit-measures.ts']));
    const shared = [...owners]
      .filter(([, files]) => files.size > 1)
      .map(([path, files]) => [path, [...files]]);
    expect(shared).toEqual([]);
  });

  it('invalidates through an owner key, never a key typed in place', () => {
    const typed = sourceFiles(SRC).filter((file) =>
      /(invalidateQueries|removeQueries|setQueryData)\(\s*(\{\s*queryKey:\s*)?\[\s*'/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(typed.map((file) => relative(SRC, file))).toEqual([]);
  });
});
