import { sql } from 'drizzle-orm';
import type { TestContext } from './test-app';

/**
 * A process that holds a job and dies, played on the job engine's own tables: its claim's heartbeat moved into the
 * past, then one pass of the supervisor, which fails a claim whose holder fell silent into a retry.
 */

/** The claim's heartbeat as the database holds it, moved `seconds` into the past: a holder silent that long. */
export const silenceJob = (t: TestContext, jobId: string, seconds: number) =>
  t.db.execute(
    sql`update pgboss.job set heartbeat_on = heartbeat_on - make_interval(secs => ${seconds}) where id = ${jobId}`,
  );

/** One pass of the job engine's supervisor over `queue` now (its interval since the last pass is waived). */
export async function superviseQueue(t: TestContext, queue: string): Promise<void> {
  await t.db.execute(sql`update pgboss.queue set monitor_on = null, monitor_claim_on = null`);
  await t.app.jobs.raw.supervise(queue);
}

/** The job's state in the engine (`active`, `retry`, ...). */
export const jobState = async (t: TestContext, jobId: string) =>
  (await t.db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${jobId}`)).rows[0]
    ?.state;
