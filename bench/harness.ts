/**
 * What every part of `bench/run.ts` shares: the output line, the cleanups run once at the end (or on a signal),
 * and the child servers it measures (a free port each, started compiled in their own process group, awaited
 * until they answer).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
export const LOG_LEVEL = 'warn';

export const out = (line = '') => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------- cleanup

const cleanups: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | undefined;
/** Registers a cleanup for the end of the run: servers to stop, folders to remove, databases to drop. */
export function onCleanUp(fn: () => Promise<void>): void {
  cleanups.push(fn);
}
/** Runs every registered cleanup once, newest first (servers stop before their database is dropped). */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error('bench cleanup:', error);
      }
    }
  })();
  return cleaning;
}

// ---------------------------------------------------------------------------------------------- servers

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Child {
  name: string;
  proc: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts a compiled entry point (the server's build, the bench's servers from `build-server.mjs --bench`) under
 * the bench's own Node, with source maps as production runs it, in its own process group.
 */
export async function startChild(name: string, script: string, env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  // BENCH_CPU_PROF=<folder>: the servers under test write a V8 CPU profile there when they stop.
  const profile = process.env.BENCH_CPU_PROF && name.startsWith('junkan/');
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF!)}`] : [];
  const proc = spawn(process.execPath, [...flags, '--enable-source-maps', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST, LOG_LEVEL },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) console.error(`[${name}] ${line}`);
  };
  proc.stdout?.on('data', relay);
  proc.stderr?.on('data', relay);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode !== null || !proc.pid) return;
    try {
      process.kill(-proc.pid, signal);
    } catch {
      // already gone
    }
  };
  const stop = () => {
    stopping ??= (async () => {
      signalGroup('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(8000).then(() => true)]);
      if (timedOut) {
        signalGroup('SIGKILL');
        await exited;
      }
    })();
    return stopping;
  };
  cleanups.push(stop);
  return { name, proc, base: `http://${HOST}:${port}`, stop };
}

/** Waits until `url` answers 200; fails when the child exits first or after 90 s. */
export async function waitReady(child: Child, urlPath: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null)
      throw new Error(`${child.name} exited with code ${child.proc.exitCode}`);
    try {
      const res = await fetch(child.base + urlPath, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${child.name} did not answer ${urlPath} within 90 s`);
}
