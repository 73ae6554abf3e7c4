import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Server processes of their own on a fresh database of the PostgreSQL server at `serverUrl`, each serving the
 * built web app at its own origin, as several processes behind a load balancer would (the demo data is seeded
 * once, under the start-up lock). The run's usual server stays on its embedded database.
 */
export async function startServerProcesses(serverUrl: string, count: number) {
  const name = `junkan_e2e_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  const children: { child: ChildProcess; output: string[]; dataDir: string; origin: string }[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'junkan-e2e-proc-'));
    const output: string[] = [];
    const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        JWT_SECRET: '',
        SMTP_URL: '',
        LOGIN_RATE_LIMIT_MAX: '1000',
        CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_e2e_processes',
        CARD_PROVIDER_SECRET_KEY: 'sk_test_e2e_processes',
        CARD_PROVIDER_WEBHOOK_SECRET: 'whsec_e2e_processes',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    children.push({ child, output, dataDir, origin: `http://127.0.0.1:${port}` });
  }
  const deadline = Date.now() + 120_000;
  for (const c of children) {
    for (;;) {
      if (c.child.exitCode !== null) throw new Error(`server exited:\n${c.output.join('')}`);
      const res = await fetch(`${c.origin}/api/docs/json`).catch(() => null);
      if (res?.ok) break;
      if (Date.now() > deadline)
        throw new Error(`server at ${c.origin} did not start:\n${c.output.join('')}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  return {
    origins: children.map((c) => c.origin),
    async stop() {
      for (const c of children) c.child.kill('SIGTERM');
      await Promise.all(
        children.map((c) =>
          c.child.exitCode !== null ? undefined : new Promise((resolve) => c.child.once('exit', resolve)),
        ),
      );
      for (const c of children) rmSync(c.dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
