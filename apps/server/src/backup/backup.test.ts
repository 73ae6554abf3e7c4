import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { openDatabase } from '../db/client';
import * as schema from '../db/schema';
import { createFileStorage } from '../plugins/file-storage';
import { DatabaseStorage } from '../plugins/file-storage/database-storage';
import { DiskStorage } from '../plugins/file-storage/disk-storage';
import { seedDemoData } from '../seed/demo';
import { seedReferenceData } from '../seed/reference';
import { BackupRefused, createBackup } from './backup';
import { type BackupManifest, countRows, MANIFEST_ENTRY } from './backup-facts';
import { restoreBackup } from './restore';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let root: string;
let dataDir: string;
let filesDir: string;
let archive: string;
let rowsBefore: Record<string, number>;
/** The bytes stored through the product's file storage, by driver and key. */
const stored: Array<{ driver: 'database' | 'disk'; key: string; sha256: string }> = [];

/** Every stored file's hash, read back through the product's file storage on the data folder. */
async function readBack(): Promise<{ counts: Record<string, number>; hashes: string[] }> {
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const db = drizzle(client, { schema });
    const storage = createFileStorage({ driver: 'disk', dir: filesDir }, db);
    const hashes: string[] = [];
    for (const ref of stored) {
      const file = await storage.get(ref);
      const chunks: Buffer[] = [];
      for await (const chunk of file?.stream ?? []) chunks.push(chunk as Buffer);
      hashes.push(`${ref.driver}:${ref.key}:${file ? sha256(Buffer.concat(chunks)) : 'missing'}`);
    }
    return { counts: await countRows(db), hashes };
  } finally {
    await client.close();
  }
}

const expectedHashes = () => stored.map((s) => `${s.driver}:${s.key}:${s.sha256}`);

/** A copy of the archive with `change` applied to its entries (name -> bytes), the manifest included. */
async function rewriteArchive(
  source: string,
  target: string,
  change: (entries: Map<string, Buffer>) => void,
) {
  const zip = await yauzl.openPromise(source, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStreamPromise(entry).then(async (stream) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      }, reject);
    });
    zip.once('end', resolve);
    zip.readEntry();
  });
  zip.close();
  change(entries);
  const out = new ZipFile();
  for (const [name, bytes] of entries)
    if (name.endsWith('/')) out.addEmptyDirectory(name);
    else out.addBuffer(bytes, name, { compress: false });
  out.end();
  await pipeline(out.outputStream, createWriteStream(target));
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'junkan-backup-'));
  dataDir = path.join(root, 'data');
  filesDir = path.join(dataDir, 'files');
  archive = path.join(root, 'backup.zip');
  // Built in memory and loaded into the data folder: migrating a new folder on disk takes several times longer.
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await seedReferenceData(database.db);
    await seedDemoData(database.db, { contractDocuments: false });
    const storage = createFileStorage({ driver: 'disk', dir: filesDir }, database.db);
    // Files in both drivers, one of them over the database storage's 1 MB chunk.
    const bodies = [Buffer.from('%PDF-1.7 demo'), Buffer.alloc(1_500_000, 7), Buffer.from('契約書')];
    for (const [i, body] of bodies.entries()) {
      const driver = i % 2 === 0 ? new DiskStorage(filesDir) : new DatabaseStorage(database.db);
      const key = storage.newKey(`test-${driver.name}`);
      await driver.put(key, Readable.from([body]));
      stored.push({ driver: driver.name, key, sha256: sha256(body) });
    }
    const image = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    mkdirSync(dataDir, { recursive: true });
    await (await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: image })).close();
  } finally {
    await database.close();
  }
  writeFileSync(path.join(dataDir, 'card-provider-keys.json'), '{"secretKey":"sk_test"}');
  rowsBefore = (await readBack()).counts;
  expect(rowsBefore['public.users']).toBeGreaterThan(0);
  expect(rowsBefore['public.stored_files']).toBe(1);
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

// Each step opens an embedded database and copies its folder: seconds each on a busy machine.
describe('backup and restore of the embedded database and its files', { timeout: 90_000 }, () => {
  it('refuses while a process has the database open', async () => {
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await expect(createBackup({ dataDir, filesDir, out: archive })).rejects.toThrow(
        /is open: stop the server/,
      );
    } finally {
      await client.close();
    }
    expect(existsSync(archive)).toBe(false);
  });

  it('refuses with DATABASE_URL, pointing to pg_dump', async () => {
    await expect(
      createBackup({ dataDir, filesDir, out: archive, databaseUrl: 'postgres://x@127.0.0.1/x' }),
    ).rejects.toThrow(/pg_dump/);
  });

  it('backs up, and restores a wiped data folder with the same rows and files', async () => {
    const manifest = await createBackup({ dataDir, filesDir, out: archive });
    expect(manifest.rowCounts).toEqual(rowsBefore);
    expect(manifest.migrations.applied).toBeGreaterThan(0);
    expect(manifest.databaseFiles.map((f) => f.sha256)).toEqual([stored[1]!.sha256]);
    expect(
      manifest.entries
        .filter((e) => e.path.startsWith('files/'))
        .map((e) => e.sha256)
        .sort(),
    ).toEqual([stored[0]!.sha256, stored[2]!.sha256].sort());
    expect(manifest.entries.map((e) => e.path)).toContain('data/card-provider-keys.json');

    rmSync(dataDir, { recursive: true });
    const result = await restoreBackup(archive, { dataDir, filesDir });
    expect(result.setAside).toEqual([]);
    const after = await readBack();
    expect(after.counts).toEqual(rowsBefore);
    expect(after.hashes).toEqual(expectedHashes());
    expect(readFileSync(path.join(dataDir, 'card-provider-keys.json'), 'utf8')).toContain('sk_test');
  });

  it('refuses to replace a data folder that is not empty unless forced, and then keeps the old one aside', async () => {
    await expect(restoreBackup(archive, { dataDir, filesDir })).rejects.toThrow(/not empty.*--force/);
    const result = await restoreBackup(archive, { dataDir, filesDir, force: true });
    expect(result.setAside).toHaveLength(1);
    expect(existsSync(path.join(result.setAside[0]!, 'pglite', 'PG_VERSION'))).toBe(true);
    rmSync(result.setAside[0]!, { recursive: true });
    expect((await readBack()).hashes).toEqual(expectedHashes());
  });

  it('refuses a damaged archive or one from a newer version, and leaves the data folder as it was', async () => {
    const damaged = path.join(root, 'damaged.zip');
    await rewriteArchive(archive, damaged, (entries) => {
      // A file of the storage, and the database's first file (so the restore stops early).
      const file = [...entries.keys()].find((n) => n.startsWith('files/'))!;
      entries.set(file, Buffer.from('not the stored file'));
      entries.set('database/pglite/PG_VERSION', Buffer.from('99\n'));
    });
    rmSync(dataDir, { recursive: true, force: true });
    await expect(restoreBackup(damaged, { dataDir, filesDir })).rejects.toThrow(BackupRefused);
    await expect(restoreBackup(damaged, { dataDir, filesDir })).rejects.toThrow(
      /does not match its manifest/,
    );
    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(root).filter((f) => f.includes('.restoring-'))).toEqual([]);

    const newer = path.join(root, 'newer.zip');
    await rewriteArchive(archive, newer, (entries) => {
      const manifest = JSON.parse(entries.get(MANIFEST_ENTRY)!.toString()) as BackupManifest;
      manifest.migrations.applied += 1;
      entries.set(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
    });
    await expect(restoreBackup(newer, { dataDir, filesDir })).rejects.toThrow(/this version ships/);

    const unlisted = path.join(root, 'unlisted.zip');
    await rewriteArchive(archive, unlisted, (entries) => entries.set('data/unlisted.txt', Buffer.from('x')));
    await expect(restoreBackup(unlisted, { dataDir, filesDir })).rejects.toThrow(BackupRefused);
    expect(existsSync(dataDir)).toBe(false);
  });
});
