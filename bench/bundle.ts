/**
 * Gzip size of the JavaScript a page loads, read from the built web app (apps/web/dist) and its Vite manifest:
 * the entry chunk with its static imports, plus the page's lazily loaded route chunks with theirs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  /** Source the chunk stands for (route module or chunk group name). */
  label: string;
  raw: number;
  gzip: number;
}

export interface PageBundle {
  page: string;
  /** What the page loads: the entry and route modules whose static-import closure is counted. */
  roots: string[];
  files: FileSize[];
  raw: number;
  gzip: number;
  /** Loaded later by the page (dynamic import inside it), not counted in the totals. */
  deferred: FileSize[];
}

export interface PageSpec {
  page: string;
  /** Source files (relative to apps/web) the route lazily loads, e.g. src/features/auth/pages/login-page.tsx. */
  lazy: string[];
}

export function measurePages(distDir: string, pages: PageSpec[]): PageBundle[] {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`${manifestPath} is missing: build the web app with build.manifest enabled`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

  const sizes = new Map<string, FileSize>();
  const sizeOf = (key: string): FileSize => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    let size = sizes.get(chunk.file);
    if (!size) {
      const bytes = readFileSync(path.join(distDir, chunk.file));
      size = {
        file: chunk.file,
        label: chunk.src ?? chunk.name ?? key,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
      };
      sizes.set(chunk.file, size);
    }
    return size;
  };
  /** The chunk and, transitively, every chunk it imports statically. */
  const closure = (key: string, into: Set<string>): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };

  return pages.map(({ page, lazy }) => {
    const keys = closure(entryKey, new Set());
    for (const src of lazy) {
      if (!manifest[src]) throw new Error(`${src} is not in the Vite manifest (renamed route module?)`);
      closure(src, keys);
    }
    const files = [...keys].map(sizeOf).sort((a, b) => b.gzip - a.gzip);
    const later = new Set<string>();
    for (const src of lazy)
      for (const dynamic of manifest[src]?.dynamicImports ?? []) closure(dynamic, later);
    const deferred = [...later]
      .filter((k) => !keys.has(k))
      .map(sizeOf)
      .sort((a, b) => b.gzip - a.gzip);
    return {
      page,
      roots: [entryKey, ...lazy],
      files,
      raw: files.reduce((n, f) => n + f.raw, 0),
      gzip: files.reduce((n, f) => n + f.gzip, 0),
      deferred,
    };
  });
}
