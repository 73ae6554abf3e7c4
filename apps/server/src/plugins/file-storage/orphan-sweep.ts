import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { attachments, evidencePacks } from '../../db/schema';
import type { StorageDriverName } from './file-storage';

/**
 * Every table whose rows name stored files (driver + key). The sweep deletes any object none of them names, so a
 * table that keeps files must be listed here (a test checks the schema for `storage_key` columns).
 */
export const FILE_REFERENCES = [
  { table: attachments, driver: attachments.storageDriver, key: attachments.storageKey },
  { table: evidencePacks, driver: evidencePacks.storageDriver, key: evidencePacks.storageKey },
] as const;

/** An upload in flight is never this old: an object older than this that no row names is an orphan. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

export const FILE_ORPHAN_SWEEP_JOB = 'file-storage-orphan-sweep';

/** Which of `keys` (of one driver) some row names. */
export async function referencedKeys(
  db: DbOrTx,
  driver: StorageDriverName,
  keys: string[],
): Promise<Set<string>> {
  const named = new Set<string>();
  if (keys.length === 0) return named;
  for (const ref of FILE_REFERENCES) {
    const rows = await db
      .select({ key: ref.key })
      .from(ref.table)
      .where(and(eq(ref.driver, driver), inArray(ref.key, keys)));
    for (const row of rows) if (row.key) named.add(row.key);
  }
  return named;
}

/** Deletes the objects of every configured storage that are older than a day and named by no row. */
export function sweepOrphanFiles(app: FastifyInstance, now = Date.now()) {
  return app.files.sweepOrphans(new Date(now - ORPHAN_AGE_MS), (driver, keys) =>
    referencedKeys(app.db, driver, keys),
  );
}

/** Once a day, at night in Japan, across all processes. */
export function defineOrphanFileSweep(app: FastifyInstance) {
  app.jobs.defineScheduled(FILE_ORPHAN_SWEEP_JOB, async () => {
    const result = await sweepOrphanFiles(app);
    if (result.deleted > 0) app.log.info(result, 'orphan stored files deleted');
  });
}
