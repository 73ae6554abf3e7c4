import { Readable } from 'node:stream';
import { and, asc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storedFileChunks, storedFiles } from '../../db/schema';
import type { StorageDriver, StoredStream } from './file-storage';

/** Rows of at most this many bytes: a write or read holds one chunk, never the whole file. */
export const DATABASE_CHUNK_BYTES = 1024 * 1024;

const LIST_BATCH = 500;

/**
 * Files in the database itself (the default: nothing to set up, and backed up with the data). Each chunk is its own
 * statement, never one long transaction, so a slow upload does not hold the embedded database's one connection.
 * The object row is written first with a null size and completed last: a row still without a size is an unfinished
 * write and is never read. Chunks travel as hex text (`decode`/`encode` in SQL): the embedded database's own bytea
 * conversion goes byte by byte in JavaScript, about ten times slower.
 */
export class DatabaseStorage implements StorageDriver {
  readonly name = 'database' as const;

  constructor(private readonly db: Database) {}

  /** The files' table answers. */
  async check(): Promise<void> {
    await this.db.select({ key: storedFiles.key }).from(storedFiles).limit(1);
  }

  async put(key: string, body: Readable): Promise<void> {
    await this.db.insert(storedFiles).values({ key, size: null });
    try {
      let seq = 0;
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        const data = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await this.db
          .insert(storedFileChunks)
          .values({ key, seq: seq++, data: sql`decode(${data.toString('hex')}, 'hex')` });
      };
      for await (const chunk of body as AsyncIterable<Buffer>) {
        let rest = chunk;
        while (rest.length > 0) {
          const take = Math.min(rest.length, DATABASE_CHUNK_BYTES - pendingBytes);
          pending.push(rest.subarray(0, take));
          pendingBytes += take;
          size += take;
          rest = rest.subarray(take);
          if (pendingBytes === DATABASE_CHUNK_BYTES) await flush();
        }
      }
      if (pendingBytes > 0) await flush();
      await this.db.update(storedFiles).set({ size }).where(eq(storedFiles.key, key));
    } catch (error) {
      await this.delete(key).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<StoredStream | null> {
    const [file] = await this.db
      .select({ size: storedFiles.size })
      .from(storedFiles)
      .where(and(eq(storedFiles.key, key), isNotNull(storedFiles.size)));
    if (!file) return null;
    const db = this.db;
    async function* chunks() {
      for (let seq = 0; ; seq++) {
        const [row] = await db
          .select({ hex: sql<string>`encode(${storedFileChunks.data}, 'hex')` })
          .from(storedFileChunks)
          .where(and(eq(storedFileChunks.key, key), eq(storedFileChunks.seq, seq)));
        if (!row) return;
        yield Buffer.from(row.hex, 'hex');
      }
    }
    return { stream: Readable.from(chunks(), { objectMode: false }), size: file.size };
  }

  async *listWrittenBefore(before: Date): AsyncIterable<string[]> {
    let after = '';
    for (;;) {
      const rows = await this.db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(and(lt(storedFiles.createdAt, before), gt(storedFiles.key, after)))
        .orderBy(asc(storedFiles.key))
        .limit(LIST_BATCH);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.key;
      yield rows.map((r) => r.key);
    }
  }

  async delete(key: string): Promise<void> {
    // The chunks go with the row (on delete cascade).
    await this.db.delete(storedFiles).where(eq(storedFiles.key, key));
  }
}
