import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { ZipFile } from 'yazl';
import * as schema from '../db/schema';
import { machineClock } from '../lib/clock';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  countRows,
  countS3Files,
  type FileHash,
  hashDatabaseFiles,
  listFiles,
  MANIFEST_ENTRY,
  migrationLevel,
} from './backup-facts';

/** A backup or restore that must not go on; the message says why and what to do. */
export class BackupRefused extends Error {}

export interface BackupPaths {
  /** `DATA_DIR`: the embedded database in `pglite/`, and the data folder's other files. */
  dataDir: string;
  /** The disk file storage's folder (`FILE_STORAGE_DIR`, by default `DATA_DIR/files`). */
  filesDir: string;
}

export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/** PGlite writes this file while a process has the database open, and removes it when the database closes. */
export function assertDatabaseClosed(dataDir: string): void {
  if (existsSync(path.join(pgliteDirOf(dataDir), 'postmaster.pid')))
    throw new BackupRefused(
      `The database in ${dataDir} is open: stop the server first (the embedded database belongs to one process). ` +
        'A server that stopped abruptly leaves it marked open: start it and stop it once, then try again.',
    );
}

/** The data folder's own files outside the database and the file storage (signing secret, development keys). */
function isDataFile(dataDir: string, filesDir: string): (relative: string) => boolean {
  const filesRelative = path.relative(dataDir, filesDir).split(path.sep).join('/');
  return (relative) => relative === 'pglite' || relative === filesRelative;
}

/**
 * Writes one ZIP archive of the embedded database (the files of its folder, taken while no process has it open,
 * so they are a consistent, cleanly shut-down database), the disk storage's files and the data folder's other
 * files, with `manifest.json` last: migrations level, row counts, the database storage's file hashes and every
 * entry's hash. The server must be stopped; with PostgreSQL, pg_dump does the database's part (README).
 */
export async function createBackup(
  paths: BackupPaths & { databaseUrl?: string; out: string },
): Promise<BackupManifest> {
  if (paths.databaseUrl)
    throw new BackupRefused(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and the file storage as README "Backups" shows.',
    );
  const dbDir = pgliteDirOf(paths.dataDir);
  if (!existsSync(path.join(dbDir, 'PG_VERSION')))
    throw new BackupRefused(`No embedded database in ${paths.dataDir} (DATA_DIR): nothing to back up.`);
  assertDatabaseClosed(paths.dataDir);

  const client = await PGlite.create({ dataDir: dbDir });
  let facts: Omit<BackupManifest, 'entries' | 'directories' | 'format' | 'createdAt' | 'database'>;
  try {
    const db = drizzle(client, { schema });
    facts = {
      migrations: await migrationLevel(db),
      rowCounts: await countRows(db),
      databaseFiles: await hashDatabaseFiles(db),
      s3Files: await countS3Files(db),
    };
  } finally {
    await client.close();
  }
  // Closed cleanly: a process that opened the database meanwhile would have marked it again.
  assertDatabaseClosed(paths.dataDir);

  const dbEntries = await listFiles(dbDir, undefined, true);
  const directories = dbEntries.filter((f) => f.endsWith('/')).map((f) => `database/pglite/${f}`);
  const sources: Array<{ entry: string; file: string }> = [
    ...dbEntries
      .filter((f) => !f.endsWith('/'))
      .map((f) => ({ entry: `database/pglite/${f}`, file: path.join(dbDir, f) })),
    // `.tmp` holds writes that never finished: nobody will read them.
    ...(await listFiles(paths.filesDir, (f) => f === '.tmp')).map((f) => ({
      entry: `files/${f}`,
      file: path.join(paths.filesDir, f),
    })),
    ...(await listFiles(paths.dataDir, isDataFile(paths.dataDir, paths.filesDir))).map((f) => ({
      entry: `data/${f}`,
      file: path.join(paths.dataDir, f),
    })),
  ];

  mkdirSync(path.dirname(path.resolve(paths.out)), { recursive: true });
  const partial = `${paths.out}.part`;
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(partial, { mode: 0o600 }));
  written.catch(() => {});
  try {
    for (const folder of directories) zip.addEmptyDirectory(folder);
    const entries: FileHash[] = [];
    // One entry at a time, each hashed as it is written, so the manifest holds exactly what the archive holds.
    for (const { entry, file } of sources) entries.push(await addHashed(zip, entry, file));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: machineClock().toISOString(),
      database: { kind: 'pglite' },
      ...facts,
      entries,
      directories,
    };
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_ENTRY);
    zip.end();
    await written;
    await rename(partial, paths.out);
    return manifest;
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

function addHashed(zip: ZipFile, entry: string, file: string): Promise<FileHash> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const source = createReadStream(file);
    source.once('error', (error) => {
      tap.destroy(error);
      reject(error);
    });
    tap.once('end', () => resolve({ path: entry, size, sha256: hash.digest('hex') }));
    zip.addReadStream(source.pipe(tap), entry);
  });
}
