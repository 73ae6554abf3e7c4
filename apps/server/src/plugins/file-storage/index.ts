import type { Database } from '../../db/client';
import { DatabaseStorage } from './database-storage';
import { DiskStorage } from './disk-storage';
import { FileStorage, type StorageDriver, type StorageDriverName } from './file-storage';
import { S3Storage, type S3StorageConfig } from './s3-storage';

export { acceptUpload, takeUploads, type UploadPolicy } from './accept-upload';
export {
  attachmentColumns,
  listOwnedAttachments,
  storedFileColumns,
  toAttachment,
} from './attachment-rows';
export { FileStorage, type StorageDriverName, type StoredRef } from './file-storage';
export { openStoredFile, type StoredFile, storedRefOf, storeGeneratedFile } from './stored-file';

export interface FileStorageConfig {
  /** Where new files go (`FILE_STORAGE`). */
  driver: StorageDriverName;
  /** The disk driver's folder (`FILE_STORAGE_DIR`); when set, files written there stay readable after a switch. */
  dir?: string;
  /** The bucket (`S3_*`); when set, files written there stay readable after a switch. */
  s3?: S3StorageConfig;
}

/** The configured storage, with every driver that is configured kept for reading (the database always). */
export function createFileStorage(config: FileStorageConfig, db: Database): FileStorage & { close(): void } {
  const drivers: Partial<Record<StorageDriverName, StorageDriver>> = { database: new DatabaseStorage(db) };
  if (config.dir) drivers.disk = new DiskStorage(config.dir);
  if (config.s3) drivers.s3 = new S3Storage(config.s3);
  const writer = drivers[config.driver];
  if (!writer) throw new Error(`FILE_STORAGE=${config.driver} is not configured`);
  const storage = new FileStorage(writer, drivers) as FileStorage & { close(): void };
  storage.close = () => (drivers.s3 as S3Storage | undefined)?.close();
  return storage;
}
