import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';

export const STORAGE_DRIVERS = ['database', 'disk', 's3'] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

/** An object as a driver answers it: its bytes as a stream, and its size when the driver knows it. */
export interface StoredStream {
  stream: Readable;
  size: number | null;
}

/**
 * One place bytes are kept. `put` consumes the stream to its end or fails and leaves nothing behind; `get` answers
 * null for a key it does not hold; `delete` of a missing key is no error.
 */
export interface StorageDriver {
  readonly name: StorageDriverName;
  put(key: string, body: Readable, options: { contentType?: string }): Promise<void>;
  get(key: string): Promise<StoredStream | null>;
  delete(key: string): Promise<void>;
  /**
   * The keys of objects written before `before`, in batches (unfinished writes included), for the orphan sweep;
   * a driver may also drop its own temporary leftovers older than `before` on the way.
   */
  listWrittenBefore(before: Date): AsyncIterable<string[]>;
  /** Throws when the place cannot be reached or written now (readiness, `GET /readyz`); cheap. */
  check(): Promise<void>;
}

/** Where a stored file is: the attachment row keeps both. */
export interface StoredRef {
  driver: StorageDriverName;
  key: string;
}

export interface PutOptions {
  /** Larger bodies are refused with 413 `file_too_large` while streaming; nothing stays stored. */
  maxBytes: number;
  contentType?: string;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are plain relative paths: no `..`, no absolute path, no empty segment, so they never leave a folder. */
export function assertStorageKey(key: string): void {
  if (key.length > 255 || !KEY_PATTERN.test(key) || key.split('/').some((s) => s === '..' || s === '.'))
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

export const fileTooLarge = () => new AppError('file_too_large', 'File too large');

/**
 * The files of the product behind one interface: new files go to the configured driver, a file is read and
 * deleted with the driver its row names (so files written before a change of `FILE_STORAGE` stay readable while
 * that driver is still configured; the database driver always is).
 */
export class FileStorage {
  constructor(
    private readonly writer: StorageDriver,
    private readonly readers: Partial<Record<StorageDriverName, StorageDriver>> = {},
  ) {}

  get driver(): StorageDriverName {
    return this.writer.name;
  }

  /** Whether new files can be stored now: the configured driver's own check (readiness). */
  check(): Promise<void> {
    return this.writer.check();
  }

  /** A fresh key under a folder-like prefix (`attachments/2026/11/<uuid>`). */
  newKey(prefix: string): string {
    const now = new Date();
    const key = `${prefix}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
    assertStorageKey(key);
    return key;
  }

  /**
   * Streams `body` into the configured driver under `key`, counting and hashing on the way; over `maxBytes` the
   * write is abandoned. Any failure (size, the body's own error, the driver) leaves nothing stored.
   */
  async put(
    key: string,
    body: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
    options: PutOptions,
  ): Promise<StoredRef & { size: number; sha256: string }> {
    assertStorageKey(key);
    const hash = createHash('sha256');
    let size = 0;
    async function* metered() {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > options.maxBytes) throw fileTooLarge();
        hash.update(chunk);
        yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      }
    }
    try {
      await this.writer.put(key, Readable.from(metered(), { objectMode: false }), {
        contentType: options.contentType,
      });
    } catch (error) {
      // Drivers clean up after themselves; this also covers a failure after their last write.
      await this.writer.delete(key).catch(() => {});
      throw error;
    }
    return { driver: this.writer.name, key, size, sha256: hash.digest('hex') };
  }

  /** The stored bytes, or null when the object (or its driver) is gone. */
  async get(ref: StoredRef): Promise<StoredStream | null> {
    const driver = this.driverOf(ref.driver);
    if (!driver) return null;
    assertStorageKey(ref.key);
    return driver.get(ref.key);
  }

  async delete(ref: StoredRef): Promise<void> {
    const driver = this.driverOf(ref.driver);
    if (!driver) return;
    assertStorageKey(ref.key);
    await driver.delete(ref.key);
  }

  /**
   * Deletes objects whose rows are gone, after the transaction that removed them committed. A failure is logged
   * and leaves an orphan object behind (never a row without its file).
   */
  async deleteQuietly(refs: StoredRef[], log: { warn: (obj: object, msg: string) => void }): Promise<void> {
    for (const ref of refs) {
      await this.delete(ref).catch((err: unknown) =>
        log.warn({ err, key: ref.key }, 'stored file not deleted'),
      );
    }
  }

  /**
   * Deletes objects of every configured driver written before `before` that no row names (`referenced` answers
   * which keys of a batch are named). Uploads whose rows were never committed, and writes cut off by a crash,
   * leave such objects. `before` must be old enough that no upload in flight is older.
   */
  async sweepOrphans(
    before: Date,
    referenced: (driver: StorageDriverName, keys: string[]) => Promise<Set<string>>,
  ): Promise<{ checked: number; deleted: number }> {
    let checked = 0;
    let deleted = 0;
    for (const driver of this.drivers()) {
      for await (const keys of driver.listWrittenBefore(before)) {
        checked += keys.length;
        const named = await referenced(driver.name, keys);
        for (const key of keys) {
          if (named.has(key)) continue;
          await driver.delete(key);
          deleted++;
        }
      }
    }
    return { checked, deleted };
  }

  private drivers(): StorageDriver[] {
    const all = new Map<StorageDriverName, StorageDriver>([[this.writer.name, this.writer]]);
    for (const driver of Object.values(this.readers)) if (driver) all.set(driver.name, driver);
    return [...all.values()];
  }

  private driverOf(name: StorageDriverName): StorageDriver | undefined {
    return name === this.writer.name ? this.writer : this.readers[name];
  }
}
