import type { App } from './app';
import type { DatabaseHandle } from './db/client';

/** Kept for closing the engine's and the database's pools after the jobs' grace. */
const CLOSE_RESERVE_MS = 2_000;

/**
 * Stops a server process gracefully, within `config.shutdown.timeoutMs` (main.ts exits anyway past it):
 * readiness turns 503 at once; after `drainMs` (the load balancer's time to notice) the job workers fetch no new
 * jobs and the app closes: the listener stops accepting, live event streams end with a `retry:` hint, requests in
 * flight are answered; then running jobs get what is left of the time to finish, and those still running are
 * handed back (failed, retried by whichever process works jobs next); last the pools close.
 */
export async function shutdownGracefully(app: App, database: Pick<DatabaseHandle, 'close'>): Promise<void> {
  const { timeoutMs, drainMs } = app.config.shutdown;
  // A monotonic deadline: a duration, not a business time.
  const deadline = performance.now() + timeoutMs;
  app.lifecycle.shuttingDown = true;
  app.lifecycle.jobsDeadline = deadline - CLOSE_RESERVE_MS;
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(drainMs, timeoutMs / 2)));
  await app.jobs.stopWorking();
  await app.close();
  await database.close();
}
