import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningJwnetSimulator, startJwnetSimulator } from '@junkan/jwnet-simulator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '../test/sse-client';

/*
 * Two real server processes on one PostgreSQL database behind a small round-robin proxy, as production runs them.
 * Needs a PostgreSQL server (TEST_DATABASE_URL); skipped on the embedded database, which is one process by nature.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEMO_PASSWORD = 'Demo1234';

/** The network's and the servers' business clock: tomorrow 10:00 in Japan, inside the network's hours. */
function tomorrowTenInJapan(): string {
  const japanToday = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  const tomorrow = new Date(`${japanToday}T10:00:00+09:00`).getTime() + 86_400_000;
  return new Date(tomorrow).toISOString();
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Answers the requests it receives from the next process in turn, as a load balancer does. */
function startProxy(targets: number[]) {
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = targets[next++ % targets.length]!;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}

interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output: string[];
}

function startServer(env: Record<string, string>, port: number): ServerProcess {
  const output: string[] = [];
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  return { port, url: `http://127.0.0.1:${port}`, child, output };
}

async function waitUntil(what: () => string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

const call = async (base: string, method: string, url: string, body?: object, token?: string) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
};

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  const dbName = `junkan_cluster_${randomUUID().replaceAll('-', '')}`;
  let databaseUrl = '';
  let db: pg.Client;
  let sim: RunningJwnetSimulator;
  const sends = new Map<string, number>();
  const sendOrder: string[] = [];
  let servers: ServerProcess[] = [];
  let proxy: { url: string; close: () => Promise<void> };
  const dataDirs: string[] = [];
  let serversStartedAt = 0;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();

    const clock = tomorrowTenInJapan();
    sim = await startJwnetSimulator({ delayMs: 0, clock });
    // Every call that reaches the network with work is counted by its idempotency key, duplicates included.
    const submit = sim.simulator.submit.bind(sim.simulator);
    sim.simulator.submit = (op, key, manifestNumber, body) => {
      if (typeof key === 'string') {
        sends.set(key, (sends.get(key) ?? 0) + 1);
        sendOrder.push(key);
      }
      return submit(op, key, manifestNumber, body);
    };

    const ports = [await freePort(), await freePort()];
    serversStartedAt = Date.now();
    // Each process has its own data folder: the signing secret must come from the database, not a file.
    servers = ports.map((port) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'junkan-cluster-'));
      dataDirs.push(dataDir);
      return startServer(
        {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'true',
          WEB_DIST: '/nonexistent',
          JWT_SECRET: '',
          SMTP_URL: '',
          TRUST_PROXY: '127.0.0.1',
          JUNKAN_CLOCK: clock,
          JWNET_URL: sim.url,
          // Required with DATABASE_URL; the processes share them (no card calls are made here).
          CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_cluster',
          CARD_PROVIDER_SECRET_KEY: 'sk_test_cluster',
          CARD_PROVIDER_WEBHOOK_SECRET: 'whsec_test_cluster',
          JOBS_POLL_SECONDS: '0.5',
          JWNET_POLL_MS: '200',
        },
        port,
      );
    });
    // Started together on the empty database: both must come up (migrations and seeding take a lock).
    for (const s of servers)
      await waitUntil(
        () => `server on ${s.port}\n${s.output.join('')}`,
        async () => {
          if (s.child.exitCode !== null) throw new Error(`server exited:\n${s.output.join('')}`);
          const res = await fetch(`${s.url}/`, { redirect: 'manual' }).catch(() => null);
          return res?.status === 302;
        },
        90_000,
      );
    proxy = await startProxy(ports);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(
      servers.map((s) =>
        s.child.exitCode !== null ? undefined : new Promise((r) => s.child.once('exit', r)),
      ),
    );
    await proxy?.close();
    await sim?.close();
    await db?.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  it('both processes seeded the demo data once and accept each other’s tokens', async () => {
    const { rows } = await db.query(
      `select count(*)::int as n from users where email = 'discharger@example.com'`,
    );
    expect(rows[0].n).toBe(1);
    const login = await call(proxy.url, 'POST', '/api/auth/login', {
      email: 'discharger@example.com',
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const token = login.json().token as string;
    for (const s of servers)
      expect((await call(s.url, 'GET', '/api/users/info', undefined, token)).status).toBe(200);
  });

  it('a sign-out in one process ends the session in the other at once', async () => {
    const login = await call(servers[0]!.url, 'POST', '/api/auth/login', {
      email: 'discharger2@example.com',
      password: DEMO_PASSWORD,
    });
    const token = login.json().token as string;
    // Both processes have loaded (and may cache) the session.
    for (const s of servers)
      expect((await call(s.url, 'GET', '/api/users/info', undefined, token)).status).toBe(200);
    expect((await call(servers[0]!.url, 'POST', '/api/auth/logout', {}, token)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 300));
    expect((await call(servers[1]!.url, 'GET', '/api/users/info', undefined, token)).status).toBe(401);
  });

  it("a chat message stored by one process reaches the other's streams", async () => {
    const tokenOf = async (base: string, email: string) =>
      (await call(base, 'POST', '/api/auth/login', { email, password: DEMO_PASSWORD })).json()
        .token as string;
    const [one, two] = servers.map((s) => s.url) as [string, string];
    const discharger = await tokenOf(one, 'discharger@example.com');
    const admin = await tokenOf(two, 'admin@example.com');
    const widget = await openSse(`${two}/api/chat/stream`, discharger);
    const inbox = await openSse(`${one}/api/admin/chat/stream`, admin);
    try {
      await widget.next((e) => e.event === 'ready');
      await inbox.next((e) => e.event === 'ready');
      const question = await call(
        one,
        'POST',
        '/api/chat/messages',
        { clientId: 'cluster-q', body: '質問' },
        discharger,
      );
      expect(question.status).toBe(201);
      const asked = question.json() as { id: number; conversationId: number };
      // Stored by the first process: its own inbox stream and the second process's widget stream hear it.
      await widget.next((e) => e.event === 'message' && (e.data as { id: number }).id === asked.id);
      await inbox.next((e) => e.event === 'message' && (e.data as { id: number }).id === asked.id);
      const reply = await call(
        two,
        'POST',
        `/api/admin/chat/conversations/${asked.conversationId}/messages`,
        { clientId: 'cluster-a', body: '回答' },
        admin,
      );
      expect(reply.status).toBe(201);
      const answered = reply.json() as { id: number };
      await inbox.next((e) => e.event === 'message' && (e.data as { id: number }).id === answered.id);
      await widget.next((e) => e.event === 'message' && (e.data as { id: number }).id === answered.id);
    } finally {
      widget.close();
      inbox.close();
    }
  });

  it('the sign-in limiter refuses the 11th wrong password across both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await call(proxy.url, 'POST', '/api/auth/login', {
            email: 'admin@example.com',
            password: 'Wrong1234',
          })
        ).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('sends 100 manifest-network requests exactly once each, in order per manifest', async () => {
    // 50 manifests with two requests each, queued as the product queues them (state QUEUED, due now).
    const keys: string[][] = [];
    await db.query('begin');
    for (let m = 0; m < 50; m++) {
      const manifestNumber = `9${String(m).padStart(10, '0')}`;
      const pair = [randomUUID(), randomUUID()];
      keys.push(pair);
      for (const key of pair)
        await db.query(
          `insert into jwnet_requests (request_key, kind, manifest_number, payload, next_attempt_at, created_at, updated_at)
           values ($1, 'CANCEL_REPORT', $2, $3, to_timestamp(0), now(), now())`,
          [key, manifestNumber, JSON.stringify({ kind: 'CANCEL_REPORT', manifestNumber })],
        );
    }
    await db.query('commit');
    const all = keys.flat();
    await waitUntil(
      () => 'all requests sent and answered',
      async () => {
        const { rows } = await db.query(
          `select count(*)::int as n from jwnet_requests where request_key = any($1) and state in ('QUEUED', 'SENT')`,
          [all],
        );
        return rows[0].n === 0 && all.every((k) => sends.has(k));
      },
      90_000,
    );
    expect(all.map((k) => sends.get(k))).toEqual(all.map(() => 1));
    for (const [first, second] of keys)
      expect(sendOrder.indexOf(first!)).toBeLessThan(sendOrder.indexOf(second!));
  }, 120_000);

  it('runs a recurring job once per occurrence across both processes', async () => {
    // The network sweep is due every minute in both processes. An occurrence may be sent up to a minute late, so
    // the jobs since the servers started can be at most the minutes from a minute before the start until now;
    // both processes running every occurrence would make about twice that.
    await waitUntil(
      () => 'three sweeps',
      async () => {
        const { rows } = await db.query(
          `select count(*)::int as n from pgboss.job where name = 'jwnet-sweep' and state = 'completed'`,
        );
        return rows[0].n >= 3;
      },
      240_000,
    );
    const until = Date.now();
    const occurrences = Math.floor(until / 60_000) - Math.floor((serversStartedAt - 60_000) / 60_000);
    const { rows } = await db.query(
      `select count(*)::int as n from pgboss.job where name = 'jwnet-sweep' and created_on <= to_timestamp($1)`,
      [until / 1000],
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(3);
    expect(rows[0].n).toBeLessThanOrEqual(occurrences);
  }, 300_000);
});
