import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { opendir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { MIGRATIONS_FOLDER } from '../lib/server-root';
import { DatabaseStorage } from '../plugins/file-storage/database-storage';

/** What a backup holds, written last into the archive as `manifest.json` and checked again on restore. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: { kind: 'pglite' };
  /** The migrations applied to the database: their count and the last one's tag (`apps/server/drizzle`). */
  migrations: { applied: number; last: string | null };
  /** Rows per table (`schema.table`), every schema but PostgreSQL's own. */
  rowCounts: Record<string, number>;
  /** Files the database storage holds (their bytes travel inside the database). */
  databaseFiles: FileHash[];
  /** Rows naming objects in an S3 bucket: the bucket is not in the archive (README, "Backups"). */
  s3Files: number;
  /** Every other entry of the archive, with its hash: `database/pglite/…`, `files/<key>`, `data/…`. */
  entries: FileHash[];
  /** Folders the archive holds as such (`…/`): PostgreSQL needs its empty ones. */
  directories: string[];
}

export interface FileHash {
  path: string;
  size: number;
  sha256: string;
}

export const BACKUP_FORMAT = 1;
export const MANIFEST_ENTRY = 'manifest.json';

// Found from the server package's folder, so the sources and the compiled command (dist/backup.js) read the same one.
const journalFile = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');

/** The migrations this code base ships, oldest first. */
export function shippedMigrations(): Array<{ tag: string; when: number }> {
  return (JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string; when: number }> })
    .entries;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Rows per table of every schema but PostgreSQL's own (the product's, drizzle's migrations, the job queue's). */
export async function countRows(db: Database): Promise<Record<string, number>> {
  const tables = rowsOf<{ schemaname: string; tablename: string }>(
    await db.execute(
      sql`select schemaname, tablename from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema') order by schemaname, tablename`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(t.schemaname)}.${sql.identifier(t.tablename)}`,
      ),
    );
    counts[`${t.schemaname}.${t.tablename}`] = row?.n ?? 0;
  }
  return counts;
}

/** How far the database is migrated, by drizzle's own record of applied migrations. */
export async function migrationLevel(db: Database): Promise<BackupManifest['migrations']> {
  const [row] = rowsOf<{ n: number; last: string | null }>(
    await db.execute(
      sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    ),
  );
  const last = row?.last ? shippedMigrations().find((m) => String(m.when) === row.last) : undefined;
  return { applied: row?.n ?? 0, last: last?.tag ?? row?.last ?? null };
}

/** The hash of every complete object of the database storage, read as the product reads it. */
export async function hashDatabaseFiles(db: Database): Promise<FileHash[]> {
  const keys = rowsOf<{ key: string }>(
    await db.execute(sql`select key from stored_files where size is not null order by key`),
  );
  const storage = new DatabaseStorage(db);
  const hashes: FileHash[] = [];
  for (const { key } of keys) {
    const stored = await storage.get(key);
    if (!stored) continue;
    hashes.push({ path: key, ...(await hashStream(stored.stream)) });
  }
  return hashes;
}

/** Rows of any table naming an object kept in S3 (tables with `storage_driver`). */
export async function countS3Files(db: Database): Promise<number> {
  const tables = rowsOf<{ table_schema: string; table_name: string }>(
    await db.execute(
      sql`select table_schema, table_name from information_schema.columns
          where column_name = 'storage_driver' and table_schema = 'public'`,
    ),
  );
  let n = 0;
  for (const t of tables) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(t.table_schema)}.${sql.identifier(t.table_name)}
            where storage_driver = 's3'`,
      ),
    );
    n += row?.n ?? 0;
  }
  return n;
}

async function hashStream(stream: AsyncIterable<Buffer>): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Every file under `dir` as a path relative to it with `/` separators, sorted (none when it does not exist); with
 * `folders`, the folders too, each ending in `/`.
 */
export async function listFiles(
  dir: string,
  skip: (relative: string) => boolean = () => false,
  folders = false,
): Promise<string[]> {
  const found: string[] = [];
  async function walk(sub: string) {
    for await (const entry of await opendir(path.join(dir, sub))) {
      const relative = sub ? `${sub}/${entry.name}` : entry.name;
      if (skip(relative)) continue;
      if (entry.isDirectory()) {
        if (folders) found.push(`${relative}/`);
        await walk(relative);
      } else if (entry.isFile()) found.push(relative);
    }
  }
  if (existsSync(dir)) await walk('');
  return found.sort();
}
