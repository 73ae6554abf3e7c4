import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, opendir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageDriver, StoredStream } from './file-storage';

const LIST_BATCH = 500;

/** Every file under `dir`, depth first; a folder that vanished meanwhile is skipped. */
async function* walk(dir: string): AsyncIterable<string> {
  const entries = await opendir(dir).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!entries) return;
  for await (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in a folder (`FILE_STORAGE_DIR`), one file per key. A write goes to a temporary file in the same folder
 * tree and is renamed into place only when complete, so a reader never sees half a file and a failed write leaves
 * nothing under its key.
 */
export class DiskStorage implements StorageDriver {
  readonly name = 'disk' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key, refusing any key that would resolve outside the folder. */
  private pathOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`storage key outside the folder: ${key}`);
    return file;
  }

  /** The folder exists (made as a first write would make it) and may be written. */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async put(key: string, body: Readable): Promise<void> {
    const file = this.pathOf(key);
    const tmpDir = path.join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    try {
      await pipeline(body, createWriteStream(tmp, { flags: 'wx', mode: 0o600, flush: true }));
      await rename(tmp, file);
    } catch (error) {
      await unlink(tmp).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<StoredStream | null> {
    const file = this.pathOf(key);
    try {
      // Opened first, so a delete meanwhile cannot turn a found file into a failing stream.
      const handle = await open(file, 'r');
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async *listWrittenBefore(before: Date): AsyncIterable<string[]> {
    let batch: string[] = [];
    for await (const file of walk(this.root)) {
      const info = await stat(file).catch(() => null);
      if (!info || info.mtime >= before) continue;
      const relative = path.relative(this.root, file).split(path.sep);
      // A temporary file of a write that never finished (a crash mid-upload): nobody will rename it.
      if (relative[0] === '.tmp') {
        await unlink(file).catch(() => {});
        continue;
      }
      batch.push(relative.join('/'));
      if (batch.length === LIST_BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }
}
