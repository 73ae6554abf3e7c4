import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitBuckets } from '../db/schema';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Fixed-window counters shared by every server process: in PostgreSQL by default, in Redis when configured. */
export interface RateLimiter {
  /** Counts one hit on `key` and answers the count in the current window, this hit included. */
  hit(key: string, windowMs: number, now?: Date): Promise<number>;
  /** The counts of the given keys in their current windows (a key without a live count is absent). */
  counts(keys: string[], now?: Date): Promise<Map<string, number>>;
  clear(key: string): Promise<void>;
  close?(): Promise<void>;
}

/** How often a process deletes buckets whose window ended long ago. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Kept a while past their window: a bucket about to be hit again is reset in place rather than re-inserted. */
const PRUNE_AFTER_MS = 60 * 60 * 1000;

/**
 * Fixed-window counters in the `rate_limit_buckets` table, so that every server process on the database shares
 * them (an in-memory count would let each process allow the limit again). Each hit is one atomic statement.
 */
export class PgRateLimiter implements RateLimiter {
  private lastPruneMs = 0;

  constructor(
    private readonly db: Database,
    private readonly onPruneError: (err: unknown) => void = () => {},
  ) {}

  async hit(key: string, windowMs: number, now = new Date()): Promise<number> {
    this.pruneSometimes(now);
    const resetAt = new Date(now.getTime() + windowMs);
    // A bucket whose window has ended starts again at 1 in the same statement.
    const expired = sql`${rateLimitBuckets.resetAt} <= ${now.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(rateLimitBuckets)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimitBuckets.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitBuckets.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitBuckets.resetAt} end`,
        },
      })
      .returning({ count: rateLimitBuckets.count });
    return row?.count ?? 1;
  }

  async counts(keys: string[], now = new Date()): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ key: rateLimitBuckets.key, count: rateLimitBuckets.count })
      .from(rateLimitBuckets)
      .where(and(inArray(rateLimitBuckets.key, keys), gt(rateLimitBuckets.resetAt, now)));
    return new Map(rows.map((r) => [r.key, r.count]));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimitBuckets).where(inArray(rateLimitBuckets.key, [key]));
  }

  /** Deletes old buckets now and then, without holding up the request that triggered it. */
  private pruneSometimes(now: Date): void {
    if (now.getTime() - this.lastPruneMs < PRUNE_EVERY_MS) return;
    this.lastPruneMs = now.getTime();
    this.db
      .delete(rateLimitBuckets)
      .where(lt(rateLimitBuckets.resetAt, new Date(now.getTime() - PRUNE_AFTER_MS)))
      .then(
        () => {},
        (err) => this.onPruneError(err),
      );
  }
}
