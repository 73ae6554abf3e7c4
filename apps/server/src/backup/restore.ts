import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import yauzl from 'yauzl';
import * as schema from '../db/schema';
import { machineClock } from '../lib/clock';
import { assertDatabaseClosed, type BackupPaths, BackupRefused, pgliteDirOf } from './backup';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  countRows,
  hashDatabaseFiles,
  MANIFEST_ENTRY,
  shippedMigrations,
} from './backup-facts';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the folders that were replaced (`--force`) were moved, to delete once the restore is trusted. */
  setAside: string[];
}

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Restores an archive of `createBackup` into `dataDir` (and the disk storage's folder): refuses a data folder
 * that is not empty unless `force`, and an open database always. Everything is written into new folders beside
 * the targets first and checked there (every entry's hash while it is extracted, then the database's row counts and
 * its stored files' hashes against the manifest); only then are the targets swapped in. A replaced folder is moved
 * aside, not deleted.
 */
export async function restoreBackup(
  archive: string,
  paths: BackupPaths & { databaseUrl?: string; force?: boolean },
): Promise<RestoreResult> {
  if (paths.databaseUrl)
    throw new BackupRefused(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore and the file storage as README "Backups" shows.',
    );
  if (!existsSync(archive)) throw new BackupRefused(`No archive at ${archive}.`);
  const zip = await yauzl
    .openPromise(archive, { lazyEntries: true, autoClose: false })
    .catch((error: Error) => {
      throw new BackupRefused(`${archive} is not a backup archive: ${error.message}`);
    });
  try {
    const entries = await readEntries(zip);
    const manifest = await readManifest(zip, entries);
    checkEntries(manifest, entries);

    const filesInside = isInside(paths.dataDir, paths.filesDir);
    const targets = filesInside ? [paths.dataDir] : [paths.dataDir, paths.filesDir];
    if (existsSync(pgliteDirOf(paths.dataDir))) assertDatabaseClosed(paths.dataDir);
    const occupied = targets.filter((dir) => !isEmptyFolder(dir));
    if (occupied.length && !paths.force)
      throw new BackupRefused(
        `${occupied.join(' and ')} ${occupied.length > 1 ? 'are' : 'is'} not empty: restoring would replace ` +
          'the data there. Run again with --force to restore anyway (the replaced folder is kept aside).',
      );

    const suffix = `${machineClock().toISOString().replace(/[-:]/g, '').slice(0, 15)}-${randomBytes(3).toString('hex')}`;
    const stagedData = `${paths.dataDir}.restoring-${suffix}`;
    const stagedFiles = filesInside
      ? path.join(stagedData, path.relative(paths.dataDir, paths.filesDir))
      : `${paths.filesDir}.restoring-${suffix}`;
    const staged = filesInside ? [stagedData] : [stagedData, stagedFiles];
    try {
      for (const dir of staged) mkdirSync(dir, { recursive: true });
      const expected = new Map(manifest.entries.map((e) => [e.path, e]));
      for (const folder of manifest.directories)
        mkdirSync(targetOf(folder, pgliteDirOf(stagedData), stagedFiles, stagedData), { recursive: true });
      for (const entry of entries.values()) {
        if (entry.fileName === MANIFEST_ENTRY || entry.fileName.endsWith('/')) continue;
        const target = targetOf(entry.fileName, pgliteDirOf(stagedData), stagedFiles, stagedData);
        await extractChecked(zip, entry, target, expected.get(entry.fileName)!);
      }
      await verifyDatabase(pgliteDirOf(stagedData), manifest);

      const setAside: string[] = [];
      for (const [i, dir] of targets.entries()) {
        if (existsSync(dir)) {
          if (isEmptyFolder(dir)) await rm(dir, { recursive: true });
          else {
            const aside = `${dir}.replaced-${suffix}`;
            await rename(dir, aside);
            setAside.push(aside);
          }
        }
        mkdirSync(path.dirname(dir), { recursive: true });
        await rename(staged[i]!, dir);
      }
      return { manifest, setAside };
    } catch (error) {
      for (const dir of staged) await rm(dir, { recursive: true, force: true });
      throw error;
    }
  } finally {
    zip.close();
  }
}

const isInside = (parent: string, child: string) => {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

function readEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.has(entry.fileName)) {
        reject(new BackupRefused(`The archive holds ${entry.fileName} twice.`));
        return;
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

async function readManifest(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>): Promise<BackupManifest> {
  const entry = entries.get(MANIFEST_ENTRY);
  if (!entry) throw new BackupRefused(`The archive has no ${MANIFEST_ENTRY}: not a junkan backup.`);
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupRefused(`The archive's ${MANIFEST_ENTRY} is not JSON.`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.database?.kind !== 'pglite')
    throw new BackupRefused(`Unknown backup format ${manifest.format}: made by another version of junkan.`);
  const shipped = shippedMigrations();
  if (manifest.migrations.applied > shipped.length)
    throw new BackupRefused(
      `The backup's database has ${manifest.migrations.applied} migrations applied (last ${manifest.migrations.last}); ` +
        `this version ships ${shipped.length}: restore it with the version that made it, or a newer one.`,
    );
  return manifest;
}

/** The archive holds exactly the manifest's entries, each where a restore may write it. */
function checkEntries(manifest: BackupManifest, entries: Map<string, yauzl.Entry>): void {
  const listed = new Set(manifest.entries.map((e) => e.path));
  const folders = new Set(manifest.directories);
  for (const name of entries.keys())
    if (name !== MANIFEST_ENTRY && !listed.has(name) && !folders.has(name))
      throw new BackupRefused(`The archive holds ${name}, which its manifest does not list.`);
  for (const name of [...listed, ...folders]) {
    if (!entries.has(name)) throw new BackupRefused(`The archive lacks ${name}, which its manifest lists.`);
    if (
      !/^(database\/pglite\/.|files\/.|data\/.)/.test(name) ||
      name.split('/').some((s) => s === '..' || s === '.')
    )
      throw new BackupRefused(`The archive's entry ${name} is not one a backup writes.`);
  }
}

function targetOf(entry: string, dbDir: string, filesDir: string, dataDir: string): string {
  const [root, rest] = entry.startsWith('database/pglite/')
    ? [dbDir, entry.slice('database/pglite/'.length)]
    : entry.startsWith('files/')
      ? [filesDir, entry.slice('files/'.length)]
      : [dataDir, entry.slice('data/'.length)];
  const target = path.resolve(root, ...rest.split('/'));
  if (!isInside(root, target))
    throw new BackupRefused(`The archive's entry ${entry} points outside its folder.`);
  return target;
}

/** Extracts one entry, hashing it on the way; a different size or hash refuses the archive. */
async function extractChecked(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  target: string,
  expected: { size: number; sha256: string },
): Promise<void> {
  const hash = createHash('sha256');
  let size = 0;
  mkdirSync(path.dirname(target), { recursive: true });
  const source: Readable = await zip.openReadStreamPromise(entry);
  await pipeline(
    source,
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    }),
    createWriteStream(target, { flags: 'wx', mode: 0o600 }),
  );
  if (size !== expected.size || hash.digest('hex') !== expected.sha256)
    throw new BackupRefused(
      `The archive's ${entry.fileName} does not match its manifest: the archive is damaged.`,
    );
}

/** Opens the restored database and checks its row counts and stored files against the manifest. */
async function verifyDatabase(dbDir: string, manifest: BackupManifest): Promise<void> {
  const client = await PGlite.create({ dataDir: dbDir });
  try {
    const db = drizzle(client, { schema });
    const counts = await countRows(db);
    const differing = [...new Set([...Object.keys(counts), ...Object.keys(manifest.rowCounts)])].filter(
      (t) => counts[t] !== manifest.rowCounts[t],
    );
    if (differing.length)
      throw new BackupRefused(
        `The restored database's row counts differ from the manifest: ${differing.join(', ')}.`,
      );
    const files = JSON.stringify(await hashDatabaseFiles(db));
    if (files !== JSON.stringify(manifest.databaseFiles))
      throw new BackupRefused("The restored database's stored files differ from the manifest's hashes.");
  } finally {
    await client.close();
  }
}
