import type { DriverDay } from '@junkan/shared/api/drivers';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { sendDriverMark } from './api/send-driver-mark';
import { sendMarkPhoto } from './api/send-mark-photo';
import { driverStore } from './driver-store';
import { type OutboxPorts, type RunOutcome, runOutbox } from './mark-outbox';
import { finishedItems, type OutboxItem, retryDelayMs, withoutPhoto } from './mark-queue';

export interface Outbox {
  /** The driver's items on the phone (null while they are read). */
  items: OutboxItem[] | null;
  /** The server refused the sign-in: the queue waits for a new one. */
  signInNeeded: boolean;
  /** A mark made now: kept on the phone (with its photo), then sent when it can be. */
  add(item: OutboxItem, photo: Blob | null): Promise<void>;
  /** A refused item taken away (a corrected one replaces it), with its photo. */
  remove(clientId: string): Promise<void>;
  /** A refused photo given up: the stored mark stands without it. */
  dropPhoto(clientId: string): Promise<void>;
  /** Items whose work the fresh day shows over. */
  prune(day: DriverDay): Promise<void>;
}

const store = driverStore();
const ports: OutboxPorts = { store, sendMark: sendDriverMark, sendPhoto: sendMarkPhoto };

/** One run at a time across the app's tabs (where the browser can tell); a busy lock is tried again later. */
async function exclusive(userId: number, run: () => Promise<RunOutcome>): Promise<RunOutcome> {
  if (!navigator.locks) return run();
  return navigator.locks.request(`junkan-driver-outbox-${userId}`, { ifAvailable: true }, (lock) =>
    lock ? run() : 'retry',
  );
}

/**
 * The phone's queue of marks for the signed-in driver: read from IndexedDB, sent in order on load, when the
 * connection comes back, after each new mark and with a growing wait after a failure. `onSettled` hears that the
 * server took something (the day is read again).
 */
export function useOutbox(userId: number, onSettled: () => void): Outbox {
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const running = useRef(false);
  const again = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  const reload = useCallback(async () => {
    setItems(await store.listItems(userId).catch(() => []));
  }, [userId]);

  const send = useCallback(async (): Promise<void> => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    window.clearTimeout(timer.current);
    let took = false;
    let outcome: RunOutcome = 'done';
    try {
      outcome = await exclusive(userId, () =>
        runOutbox(ports, userId, (item) => {
          took ||= item.status !== 'WAITING';
          setItems((all) => all?.map((i) => (i.clientId === item.clientId ? item : i)) ?? null);
        }),
      );
    } catch {
      // Storage failing mid-run: the items stay as kept; try again later.
      outcome = 'retry';
    } finally {
      running.current = false;
    }
    await reload();
    if (took) settled.current();
    if (outcome === 'signIn') setSignInNeeded(true);
    if (outcome === 'retry') {
      const waiting = await store.listItems(userId).catch(() => []);
      const attempts = Math.max(1, ...waiting.map((i) => i.attempts));
      timer.current = window.setTimeout(() => void send(), retryDelayMs(attempts));
    }
    if (again.current && outcome === 'done') {
      again.current = false;
      void send();
    }
  }, [reload, userId]);

  useEffect(() => {
    void reload().then(send);
    const onOnline = () => void send();
    const onVisible = () => document.visibilityState === 'visible' && void send();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer.current);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reload, send]);

  return useMemo(
    () => ({
      items,
      signInNeeded,
      add: async (item, photo) => {
        if (photo)
          await store.putPhoto({
            clientId: item.clientId,
            userId,
            type: photo.type,
            bytes: await photo.arrayBuffer(),
          });
        await store.putItem(item);
        setItems((all) => [...(all ?? []), item]);
        void send();
      },
      remove: async (clientId) => {
        await store.deleteItem(clientId);
        setItems((all) => all?.filter((i) => i.clientId !== clientId) ?? null);
      },
      dropPhoto: async (clientId) => {
        const item = items?.find((i) => i.clientId === clientId);
        if (!item) return;
        await store.putItem(withoutPhoto(item));
        await store.deletePhoto(clientId);
        await reload();
      },
      prune: async (day) => {
        const done = finishedItems(items ?? [], day);
        if (done.length === 0) return;
        await Promise.all(done.map((clientId) => store.deleteItem(clientId)));
        setItems((all) => all?.filter((i) => !done.includes(i.clientId)) ?? null);
      },
    }),
    [items, reload, send, signInNeeded, userId],
  );
}
