import type { DriverDay } from '@junkan/shared/api/drivers';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OutboxItem } from './mark-queue';

/**
 * What the driver's phone keeps in IndexedDB, each record under the signed-in user's id (another driver signing
 * in on the same phone never reads it): the last day the server answered, the queue of marks and their photos.
 * Photos are kept as bytes (some browsers lose Blobs in IndexedDB).
 */

/** The last GET /driver/day answer, with the business clock's difference when it came. */
export interface CachedDay {
  userId: number;
  day: DriverDay;
  /** The business instant it was received at (ISO), shown as "last updated". */
  receivedAt: string;
  clockOffsetMs: number;
}

export interface StoredPhoto {
  clientId: string;
  userId: number;
  type: string;
  bytes: ArrayBuffer;
}

/** The storage the queue and the page use; `openDriverStore` is the browser's, tests pass their own. */
export interface DriverStore {
  readDay(userId: number): Promise<CachedDay | undefined>;
  writeDay(cached: CachedDay): Promise<void>;
  listItems(userId: number): Promise<OutboxItem[]>;
  putItem(item: OutboxItem): Promise<void>;
  /** The item and its photo. */
  deleteItem(clientId: string): Promise<void>;
  readPhoto(clientId: string): Promise<StoredPhoto | undefined>;
  putPhoto(photo: StoredPhoto): Promise<void>;
  deletePhoto(clientId: string): Promise<void>;
  /** The kept day of a driver who signs out (its marks stay until they are sent). */
  forgetDay(userId: number): Promise<void>;
}

interface DriverDb extends DBSchema {
  days: { key: number; value: CachedDay };
  outbox: { key: string; value: OutboxItem; indexes: { byUser: number } };
  photos: { key: string; value: StoredPhoto };
}

const DB_NAME = 'junkan-driver';
const DB_VERSION = 1;

let opened: Promise<IDBPDatabase<DriverDb>> | null = null;

function database(): Promise<IDBPDatabase<DriverDb>> {
  opened ??= openDB<DriverDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('days', { keyPath: 'userId' });
      db.createObjectStore('outbox', { keyPath: 'clientId' }).createIndex('byUser', 'userId');
      db.createObjectStore('photos', { keyPath: 'clientId' });
    },
  });
  // A failed open (private mode, storage refused) is tried again on the next call rather than kept.
  opened.catch(() => {
    opened = null;
  });
  return opened;
}

export function openDriverStore(): DriverStore {
  return {
    readDay: async (userId) => (await database()).get('days', userId),
    writeDay: async (cached) => {
      await (await database()).put('days', cached);
    },
    listItems: async (userId) => (await database()).getAllFromIndex('outbox', 'byUser', userId),
    putItem: async (item) => {
      await (await database()).put('outbox', item);
    },
    deleteItem: async (clientId) => {
      const tx = (await database()).transaction(['outbox', 'photos'], 'readwrite');
      await Promise.all([
        tx.objectStore('outbox').delete(clientId),
        tx.objectStore('photos').delete(clientId),
        tx.done,
      ]);
    },
    readPhoto: async (clientId) => (await database()).get('photos', clientId),
    putPhoto: async (photo) => {
      await (await database()).put('photos', photo);
    },
    deletePhoto: async (clientId) => {
      await (await database()).delete('photos', clientId);
    },
    forgetDay: async (userId) => {
      await (await database()).delete('days', userId);
    },
  };
}

let shared: DriverStore | null = null;

/** The page's one store. */
export const driverStore = () => {
  shared ??= openDriverStore();
  return shared;
};
