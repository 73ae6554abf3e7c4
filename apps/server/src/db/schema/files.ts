/**
 * Files: attachments (what a record's files are) and the database file storage's objects and chunks. (Entry
 * point: db/schema.ts.)
 */
import { bigint, index, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea, createdAt, machineCreatedAt } from './columns';

export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    ownerType: varchar('owner_type', { length: 32 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    /** Which file storage holds the bytes (`plugins/file-storage`), so files stay readable after a switch. */
    storageDriver: varchar('storage_driver', { length: 16 })
      .notNull()
      .default('database')
      .$type<'database' | 'disk' | 's3'>(),
    /** The object's key in that storage. */
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    /** SHA-256 of the content, hex. */
    sha256: varchar('sha256', { length: 64 }),
    /**
     * Where files were kept before the file storage: emptied by the migration (moved into `stored_files`),
     * never written; to be dropped by a later release.
     */
    content: bytea('content'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_owner_idx').on(t.ownerType, t.ownerId)],
);

/**
 * The database file storage's objects (`plugins/file-storage/database-storage.ts`): one row per object, its bytes
 * in chunks so that neither a write nor a read holds a whole file. `size` stays null until every chunk is written.
 */
export const storedFiles = pgTable('stored_files', {
  key: varchar('key', { length: 255 }).primaryKey(),
  size: bigint('size', { mode: 'number' }),
  createdAt: machineCreatedAt(),
});

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: varchar('key', { length: 255 })
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);
