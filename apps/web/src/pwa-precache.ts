/**
 * Which built files the service worker precaches (vite.config.ts, at build time): the app shell the driver's page
 * needs offline, not every page's chunk. Read from Vite's build manifest: the entry and the named roots with
 * everything they import statically (their chunks, styles and assets). Files outside `assets/` (index.html, the
 * web manifest, the icons) are always kept.
 */

/** A chunk of Vite's build manifest (`.vite/manifest.json`), as far as it is read here. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The modules the driver's page loads after the entry, as source paths (or patterns of them). */
export const DRIVER_SHELL_ROOTS: readonly (string | RegExp)[] = [
  'src/app/pages/driver-day-with-account.tsx',
  // antd's theme and locale around the page, the toasts, and the router's error page.
  'src/lib/antd-scope.tsx',
  'src/lib/toast-host.tsx',
  'src/app/pages/error-page.tsx',
  // Signed out, the installed app opens on the login page: offline it says there is no connection, not a broken page.
  'src/features/auth/pages/login-page.tsx',
  // English is loaded when chosen: a driver may switch offline.
  /^src\/locales\/en\/[^/]+\.json$/,
];

/** The output files of the entry and the roots, with their static imports' files, styles and assets. */
export function shellFiles(manifest: BuildManifest, roots: readonly (string | RegExp)[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    const isRoot = roots.some((root) => (typeof root === 'string' ? root === key : root.test(key)));
    if (chunk.isEntry || isRoot) visit(key);
  }
  return files;
}

/** The precache list kept: a file under assets/ only when the shell needs it. */
export function keepShell<Entry extends { url: string }>(
  entries: readonly Entry[],
  files: ReadonlySet<string>,
): Entry[] {
  return entries.filter((entry) => !entry.url.startsWith('assets/') || files.has(entry.url));
}
