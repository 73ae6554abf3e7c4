import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverProcesses } from '../db/schema';

/** How often a process says it is alive. */
export const PROCESS_HEARTBEAT_MS = 15_000;
/** A process heard from within this long is serving; one silent longer has died (four missed beats). */
export const PROCESS_ALIVE_SECONDS = 60;
/** Rows of processes that died without closing are deleted after this long (kept a while for the record). */
const DEAD_ROW_KEPT = sql`interval '1 day'`;

export interface ProcessInfo {
  id: string;
  host: string;
  pid: number;
  version: string;
  worksJobs: boolean;
  startedAt: Date;
  heartbeatAt: Date;
}

/**
 * This process's row in `server_processes`: written at start, its heartbeat moved every 15 s, deleted at close.
 * Times are the database's (`now()`), so every process measures liveness on one clock; liveness is about
 * machines, not business dates, so the business clock plays no part.
 */
export class ProcessRegistry {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly info: { version: string; worksJobs: boolean },
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {}

  async start(): Promise<void> {
    await this.register();
    this.timer = setInterval(() => {
      this.beating = this.beat().catch((err) => this.log.warn({ err }, 'process heartbeat not written'));
    }, PROCESS_HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Moves the heartbeat (the row is written again if something deleted it) and forgets long-dead processes. */
  async beat(): Promise<void> {
    const moved = await this.db
      .update(serverProcesses)
      .set({ heartbeatAt: sql`now()` })
      .where(eq(serverProcesses.id, this.id))
      .returning({ id: serverProcesses.id });
    if (moved.length === 0) await this.register();
    await this.db
      .delete(serverProcesses)
      .where(lt(serverProcesses.heartbeatAt, sql`now() - ${DEAD_ROW_KEPT}`));
  }

  private async register(): Promise<void> {
    await this.db
      .insert(serverProcesses)
      .values({
        id: this.id,
        host: hostname().slice(0, 255),
        pid: process.pid,
        version: this.info.version.slice(0, 64),
        worksJobs: this.info.worksJobs,
      })
      .onConflictDoNothing();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
    await this.db.delete(serverProcesses).where(eq(serverProcesses.id, this.id));
  }
}

/** The processes heard from within the last minute, the latest started first. */
export function listServingProcesses(db: Database): Promise<ProcessInfo[]> {
  return db
    .select()
    .from(serverProcesses)
    .where(gt(serverProcesses.heartbeatAt, sql`now() - make_interval(secs => ${PROCESS_ALIVE_SECONDS})`))
    .orderBy(desc(serverProcesses.startedAt));
}
