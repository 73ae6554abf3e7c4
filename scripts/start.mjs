// `npm start`: builds the web app when its build is missing or older than its sources, then serves the product.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

const tsx = path.join(root, 'node_modules/.bin/tsx');
// The manifest-network simulator runs beside the server unless JWNET_URL points at another network.
const simulator = process.env.JWNET_URL
  ? null
  : spawn(tsx, ['apps/jwnet-simulator/src/main.ts'], { cwd: root, stdio: 'inherit' });
const serverEnv = simulator
  ? { ...process.env, JWNET_URL: `http://127.0.0.1:${process.env.JWNET_SIMULATOR_PORT || 3300}` }
  : process.env;
const server = spawn(tsx, ['apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env: serverEnv });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    simulator?.kill(signal);
    server.kill(signal);
  });
simulator?.on('exit', (code) => {
  if (code) console.error(`The manifest-network simulator stopped (${code}); reports wait in the queue.`);
});
server.on('exit', (code) => {
  simulator?.kill('SIGTERM');
  process.exit(code ?? 0);
});
