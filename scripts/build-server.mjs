// `npm run build` (after the web app): compiles the server, its commands and the two simulators to JavaScript
// with esbuild, so production runs plain `node --enable-source-maps` with no TypeScript loader. Each is one ES
// module bundle of its own code and packages/shared; packages from node_modules stay external (imported at run
// time from node_modules, their own files and data found where they are installed). The server finds its
// migrations (apps/server/drizzle) and the web build from its package folder (src/lib/server-root.ts), so the
// bundle sits in apps/server/dist beside them.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What is built: each entry's bundle, and the source folders whose changes make it stale. */
export const SERVICES = [
  {
    name: 'server',
    entry: 'apps/server/src/main.ts',
    out: 'apps/server/dist/main.js',
    sources: ['apps/server/src'],
  },
  // The operator's commands (`npm run job`, `npm run backup` / `restore`), beside the server's bundle.
  {
    name: 'job command',
    entry: 'apps/server/src/job.ts',
    out: 'apps/server/dist/job.js',
    sources: ['apps/server/src'],
  },
  {
    name: 'backup command',
    entry: 'apps/server/src/backup/cli.ts',
    out: 'apps/server/dist/backup.js',
    sources: ['apps/server/src'],
  },
  {
    name: 'jwnet-simulator',
    entry: 'apps/jwnet-simulator/src/main.ts',
    out: 'apps/jwnet-simulator/dist/main.js',
    sources: ['apps/jwnet-simulator/src'],
  },
  {
    name: 'card-simulator',
    entry: 'apps/card-simulator/src/main.ts',
    out: 'apps/card-simulator/dist/main.js',
    sources: ['apps/card-simulator/src'],
  },
].map((s) => ({
  ...s,
  sources: [...s.sources, 'packages/shared/src', 'package-lock.json', 'scripts/build-server.mjs'],
}));

/**
 * The bench's own servers (`npm run bench`), compiled as the server is, so that it is measured against them
 * like-for-like, with no TypeScript loader on either side.
 */
export const BENCH_SERVERS = [
  { name: 'bench bare route', entry: 'bench/bare-server.ts', out: 'bench/dist/bare-server.js' },
  { name: 'bench reference', entry: 'bench/reference-server.ts', out: 'bench/dist/reference-server.js' },
];

function newestMtime(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** The services whose bundle is missing or older than a source file. */
export function staleServices() {
  return SERVICES.filter((s) => {
    const out = path.join(root, s.out);
    let built;
    try {
      built = statSync(out).mtimeMs;
    } catch {
      return true;
    }
    return Math.max(...s.sources.map((src) => newestMtime(path.join(root, src)))) > built;
  });
}

/** Keeps every bare import external except the workspace's own TypeScript packages, which are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@junkan/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServices(services = SERVICES) {
  // Imported here, so `npm start` with an up-to-date build never loads esbuild.
  const { build } = await import('esbuild');
  for (const s of services) {
    const started = performance.now();
    await build({
      entryPoints: [path.join(root, s.entry)],
      outfile: path.join(root, s.out),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      sourcemap: true,
      // Paths in the source map relative to the bundle, so stack traces name the TypeScript files.
      sourcesContent: false,
      plugins: [externalPackages],
      logLevel: 'warning',
    });
    console.info(`built ${s.out} in ${Math.round(performance.now() - started)} ms`);
  }
}

// `node scripts/build-server.mjs` builds every service; with `--stale`, only those older than their sources; with
// `--bench`, the bench's servers.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await buildServices(
    process.argv.includes('--bench')
      ? BENCH_SERVERS
      : process.argv.includes('--stale')
        ? staleServices()
        : SERVICES,
  );
