// `npm start`: builds the web app, the server and the simulators when a build is missing or older than its sources,
// then serves the product from the build with plain node (source maps on, no TypeScript loader).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServices, staleServices } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Settings from .env (see .env.example) reach the server and the simulator; exported variables win.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const builtIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'].map(
  (p) => path.join(root, p),
);
const sourceTime = Math.max(
  ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime) {
  console.info('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@junkan/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const stale = staleServices();
if (stale.length) {
  console.info(`Building ${stale.map((s) => s.name).join(', ')}…`);
  await buildServices(stale);
}

/** Runs a built service with the node running this script. */
const run = (bundle, options) =>
  spawn(process.execPath, ['--enable-source-maps', bundle], { cwd: root, stdio: 'inherit', ...options });
// The manifest-network simulator runs beside the server unless JWNET_URL points at another network.
const simulator = process.env.JWNET_URL ? null : run('apps/jwnet-simulator/dist/main.js');

/**
 * The card provider's keys for the simulator and the server: those given, the others from the data folder's
 * development keys (generated there once, as the server itself does with the embedded database). Never printed.
 */
function cardKeys() {
  const given = {
    CARD_PROVIDER_PUBLISHABLE_KEY: process.env.CARD_PROVIDER_PUBLISHABLE_KEY,
    CARD_PROVIDER_SECRET_KEY: process.env.CARD_PROVIDER_SECRET_KEY,
    CARD_PROVIDER_WEBHOOK_SECRET: process.env.CARD_PROVIDER_WEBHOOK_SECRET,
  };
  if (Object.values(given).every(Boolean)) return given;
  const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
  const file = path.join(dataDir, 'card-provider-keys.json');
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    const keys = {
      publishableKey: `pk_test_${randomBytes(16).toString('hex')}`,
      secretKey: `sk_test_${randomBytes(24).toString('hex')}`,
      webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
    };
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  }
  const dev = JSON.parse(readFileSync(file, 'utf8'));
  return {
    CARD_PROVIDER_PUBLISHABLE_KEY: given.CARD_PROVIDER_PUBLISHABLE_KEY || dev.publishableKey,
    CARD_PROVIDER_SECRET_KEY: given.CARD_PROVIDER_SECRET_KEY || dev.secretKey,
    CARD_PROVIDER_WEBHOOK_SECRET: given.CARD_PROVIDER_WEBHOOK_SECRET || dev.webhookSecret,
  };
}

// The card payment provider's simulator runs beside the server unless CARD_PROVIDER_URL points at a provider;
// its webhooks go to this server.
const cardEnv = process.env.CARD_PROVIDER_URL ? {} : cardKeys();
const cardSimulator = process.env.CARD_PROVIDER_URL
  ? null
  : run('apps/card-simulator/dist/main.js', {
      env: {
        ...process.env,
        ...cardEnv,
        CARD_SIMULATOR_PUBLIC_URL:
          process.env.CARD_SIMULATOR_PUBLIC_URL || process.env.CARD_PROVIDER_PUBLIC_URL || '',
        CARD_SIMULATOR_WEBHOOK_URL:
          process.env.CARD_SIMULATOR_WEBHOOK_URL ||
          `http://127.0.0.1:${process.env.PORT || 3000}/api/card-provider/webhook`,
      },
    });

const serverEnv = {
  ...process.env,
  ...(simulator ? { JWNET_URL: `http://127.0.0.1:${process.env.JWNET_SIMULATOR_PORT || 3300}` } : {}),
  ...(cardSimulator
    ? { ...cardEnv, CARD_PROVIDER_URL: `http://127.0.0.1:${process.env.CARD_SIMULATOR_PORT || 3310}` }
    : {}),
};
const server = run('apps/server/dist/main.js', { env: serverEnv });
const children = [simulator, cardSimulator].filter(Boolean);
// The server shuts down gracefully (finishing requests and jobs that may still call the simulators); the
// simulators stop once it has exited.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
simulator?.on('exit', (code) => {
  if (code) console.error(`The manifest-network simulator stopped (${code}); reports wait in the queue.`);
});
cardSimulator?.on('exit', (code) => {
  if (code)
    console.error(`The card payment simulator stopped (${code}); card payments answer "unavailable".`);
});
server.on('exit', (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code ?? 0);
});
