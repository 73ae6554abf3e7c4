import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIS } from '../test/fixtures/demo-data';
import { startSmtpSink } from '../test/smtp-sink';
import { openSse } from '../test/sse-client';
import { createTestApp, type TestContext } from '../test/test-app';
import { SHUTDOWN_RETRY_MS } from './features/chat/chat-stream';
import { shutdownGracefully } from './shutdown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A request whose body arrives in two parts: in flight from the first write until `finish()`. */
function slowPost(port: number, url: string, body: object) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  let resolveAnswer: (a: { status: number; body: string }) => void;
  let rejectAnswer: (err: Error) => void;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    resolveAnswer = resolve;
    rejectAnswer = reject;
  });
  const request = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
    },
    (response) => {
      let data = '';
      response.setEncoding('utf8');
      response.on('data', (c: string) => {
        data += c;
      });
      response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, body: data }));
    },
  );
  request.on('error', (err) => rejectAnswer(err));
  request.write(text.slice(0, half));
  return {
    answer,
    finish: () => request.end(text.slice(half)),
  };
}

describe('shutting down in process', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('answers the request in flight, ends live streams with a retry hint, and stops', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openSse(`http://127.0.0.1:${port}/api/chat/stream`, await t.as(DIS).token());
    await stream.next((e) => e.event === 'ready');
    const slow = slowPost(port, '/api/auth/login', { email: 'discharger@example.com', password: 'Demo1234' });
    // The first half of the body has reached the server before the stop begins.
    await new Promise((r) => setTimeout(r, 200));

    // The database stays open: the kit closes it.
    const stopping = shutdownGracefully(t.app, { close: async () => {} });
    expect(t.app.lifecycle.shuttingDown).toBe(true);
    await stream.end();
    expect(stream.retryMs()).toBeGreaterThanOrEqual(SHUTDOWN_RETRY_MS.min);
    expect(stream.retryMs()).toBeLessThan(SHUTDOWN_RETRY_MS.min + SHUTDOWN_RETRY_MS.spread);

    slow.finish();
    const answer = await slow.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('token');
    await stopping;
    expect(t.app.jobs.running).toBe(false);
  });
});

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/*
 * The compiled server (`npm run build`'s bundle, run with plain node) as production runs it, on an embedded
 * database in a folder of its own: stopped with SIGTERM while a request and a mail delivery (a job) are in flight,
 * then started again on the same data.
 */
describe('a server process stopped with SIGTERM', () => {
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let child: ChildProcess | undefined;
  const output: string[] = [];

  beforeAll(async () => {
    const { buildServices, SERVICES } = (await import(path.join(root, 'scripts/build-server.mjs'))) as {
      buildServices: (s: unknown[]) => Promise<void>;
      SERVICES: { name: string }[];
    };
    await buildServices(SERVICES.filter((s) => s.name === 'server'));
    dataDir = mkdtempSync(path.join(tmpdir(), 'junkan-shutdown-'));
    smtp = await startSmtpSink();
  }, 60_000);
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    const port = await freePort();
    const proc = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        SMTP_URL: smtp.url,
        WEB_DIST: '/nonexistent',
        JWT_SECRET: '',
        LOG_LEVEL: 'info',
        JOBS_POLL_SECONDS: '0.5',
        JWNET_URL: 'http://127.0.0.1:9',
        SHUTDOWN_TIMEOUT_MS: '20000',
        SHUTDOWN_DRAIN_MS: '1500',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
    proc.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    child = proc;
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      `the server on ${port}`,
      async () => {
        if (proc.exitCode !== null) throw new Error(`server exited:\n${output.join('')}`);
        return (await fetch(`${base}/readyz`)).status === 200 ? true : undefined;
      },
      90_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${output.join('')}`);
    });
    return { proc, port, base };
  }

  const signup = (base: string, email: string) =>
    fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Passw0rd1' }),
    });
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).length;

  it('finishes the request and the job in flight, exits in time, and a restarted process carries on', async () => {
    const first = await start();
    // A mail delivery in flight: the SMTP server takes 3 s to accept the first sign-up's activation mail.
    smtp.setDelay(3_000);
    expect((await signup(first.base, 'first@example.com')).status).toBe(200);
    await waitFor('the delivery to start', async () => (smtp.receiving >= 1 ? true : undefined));
    // A request in flight: the second sign-up's body is half sent.
    const slow = slowPost(first.port, '/api/auth/signup', {
      email: 'second@example.com',
      password: 'Passw0rd1',
    });
    await new Promise((r) => setTimeout(r, 200));

    const signalledAt = Date.now();
    const exited = new Promise<number | null>((resolve) => first.proc.once('exit', (code) => resolve(code)));
    first.proc.kill('SIGTERM');
    // Readiness turns 503 at once; the process still serves during the drain.
    const readiness = await waitFor('readiness to turn 503', async () => {
      const res = await fetch(`${first.base}/readyz`);
      return res.status === 503 ? ((await res.json()) as { status: string }) : undefined;
    });
    expect(readiness.status).toBe('shutting_down');

    slow.finish();
    const answer = await slow.answer;
    expect(answer.status).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(20_000);
    // The delivery under way finished before the process stopped.
    expect(mailsTo('first@example.com')).toBe(1);
    const log = output.join('');
    expect(log).toContain('"msg":"shutting down"');
    expect(log).toContain('"msg":"stopped"');

    // Started again on the same data: the second sign-up's mail, queued as the first process stopped, goes out,
    // and the first one is not sent twice.
    smtp.setDelay(0);
    const second = await start();
    await waitFor(
      'the second mail',
      async () => (mailsTo('second@example.com') === 1 ? true : undefined),
      30_000,
    );
    expect(mailsTo('first@example.com')).toBe(1);
    // Both sign-ups were kept: signing up again with either address is refused.
    for (const email of ['first@example.com', 'second@example.com'])
      expect((await signup(second.base, email)).status).not.toBe(200);
    const exitedAgain = new Promise<number | null>((resolve) =>
      second.proc.once('exit', (code) => resolve(code)),
    );
    second.proc.kill('SIGTERM');
    expect(await exitedAgain).toBe(0);
  }, 180_000);
});
