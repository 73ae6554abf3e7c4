import type { DriverDay, DriverMarkInput, DriverMarkResultAnswer } from '@junkan/shared/api/drivers';
import type { DriverMarkState } from '@junkan/shared/driver-rules';

/**
 * The phone's queue of marks (offline first), as plain data: what an item is, what each answer makes of it, which
 * failures are worth a retry, and when an item has done its work. No storage, no network: mark-outbox.ts runs it.
 */

/**
 * WAITING: not sent yet (or the network failed: sent again). PHOTO: the mark is stored, its photo not yet.
 * DONE: the server holds the mark (and photo). CONFLICT: the server kept it for the office to decide.
 * FAILED: the server refused it (4xx): the driver corrects or removes it.
 */
export type OutboxStatus = 'WAITING' | 'PHOTO' | 'DONE' | 'CONFLICT' | 'FAILED';

/** What the list shows of the stop, kept with the mark: the office may take the stop off the day meanwhile. */
export interface StopSnapshot {
  collectionId: number;
  date: string;
  siteName: string;
  address: string;
}

export interface OutboxItem {
  clientId: string;
  /** The signed-in driver it belongs to: another driver on the same phone never sees it. */
  userId: number;
  /** The order the marks were made in, which is the order they are sent in. */
  seq: number;
  stop: StopSnapshot;
  /** The body of POST /driver/marks, as checked by the shared schema when it was made. */
  body: DriverMarkInput;
  hasPhoto: boolean;
  status: OutboxStatus;
  /** The server's state of the mark, once it answered. */
  answer: { state: DriverMarkState; conflictCode: string | null } | null;
  /** Why the server refused the mark or its photo, for the driver to correct or remove it. */
  failure: { code: string; fields: Record<string, string>; phase: 'mark' | 'photo' } | null;
  /** Failed sends so far (network, server), for the backoff. */
  attempts: number;
}

export function newOutboxItem(args: {
  userId: number;
  seq: number;
  stop: StopSnapshot;
  body: DriverMarkInput;
  hasPhoto: boolean;
}): OutboxItem {
  return {
    ...args,
    clientId: args.body.clientId,
    status: 'WAITING',
    answer: null,
    failure: null,
    attempts: 0,
  };
}

/** The next item's place in the queue. */
export const nextSeq = (items: readonly OutboxItem[]) =>
  items.reduce((max, i) => Math.max(max, i.seq), 0) + 1;

/** Items the queue still has to send, in the order they were made. */
export const pendingItems = (items: readonly OutboxItem[]) =>
  items.filter((i) => i.status === 'WAITING' || i.status === 'PHOTO').sort((a, b) => a.seq - b.seq);

/** Items the driver should see in the waiting list: not yet sent, refused, or waiting for the office. */
export const listedItems = (items: readonly OutboxItem[]) =>
  items.filter((i) => i.status !== 'DONE').sort((a, b) => a.seq - b.seq);

/**
 * What to do about a failed call: `retry` (no connection, a timeout, the server busy or failing: the item stays and
 * is sent again), `signIn` (the sign-in has ended: everything stays until the driver signs in again), `refused`
 * (the server will refuse it again as it stands: the item waits for the driver).
 */
export type FailureKind = 'retry' | 'signIn' | 'refused';

export function failureKind(status: number): FailureKind {
  if (status === 401) return 'signIn';
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

const settled = (state: DriverMarkState): OutboxStatus => (state === 'CONFLICT' ? 'CONFLICT' : 'DONE');

/** The server took the mark (or answered a retry with what it had): its photo follows, unless it is there. */
export function afterMark(item: OutboxItem, answer: DriverMarkResultAnswer): OutboxItem {
  const kept = { state: answer.state, conflictCode: answer.conflictCode };
  const status = item.hasPhoto && !answer.hasPhoto ? 'PHOTO' : settled(answer.state);
  return { ...item, status, answer: kept, failure: null, attempts: 0 };
}

/** The server took the photo: the item is done (or waits for the office). */
export function afterPhoto(item: OutboxItem, answer: DriverMarkResultAnswer): OutboxItem {
  const kept = { state: answer.state, conflictCode: answer.conflictCode };
  return { ...item, status: settled(answer.state), answer: kept, failure: null, attempts: 0 };
}

/** The mark goes on without its photo (the server refused the photo, or the phone lost it). */
export const withoutPhoto = (item: OutboxItem): OutboxItem => ({
  ...item,
  hasPhoto: false,
  failure: null,
  status: item.answer ? settled(item.answer.state) : 'WAITING',
});

export function afterRefusal(
  item: OutboxItem,
  error: { code: string; fields?: Record<string, string> },
): OutboxItem {
  const phase = item.status === 'PHOTO' ? 'photo' : 'mark';
  return { ...item, status: 'FAILED', failure: { code: error.code, fields: error.fields ?? {}, phase } };
}

export const afterRetryable = (item: OutboxItem): OutboxItem => ({ ...item, attempts: item.attempts + 1 });

const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** The wait before the next try after `attempts` failed ones: 2 s, doubling, at most a minute. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** A conflict stays on the phone this many days after its stop's date, unless the office decided it before. */
export const CONFLICT_KEEP_DAYS = 7;

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The items whose work is over, given a fresh day from the server: a sent mark once the day shows the stop marked
 * (or its day is past), a conflict once the office decided it (the stop's mark applied or discarded) or a week
 * after its day. Waiting and refused items are never dropped here: only the driver removes a refused one.
 */
export function finishedItems(items: readonly OutboxItem[], day: DriverDay): string[] {
  const stops = new Map(day.stops.map((s) => [s.id, s]));
  return items
    .filter((item) => {
      const stop = stops.get(item.stop.collectionId);
      if (item.status === 'DONE') return stop ? stop.lastMark !== null : item.stop.date < day.today;
      if (item.status === 'CONFLICT') {
        const decided = stop?.lastMark?.state === 'RESOLVED_APPLIED' || stop?.lastMark?.state === 'DISCARDED';
        return decided || addDays(item.stop.date, CONFLICT_KEEP_DAYS) < day.today;
      }
      return false;
    })
    .map((item) => item.clientId);
}

/** The phone's latest item for each stop (a corrected mark replaces the refused one). */
export function itemsByStop(items: readonly OutboxItem[]): Map<number, OutboxItem> {
  const byStop = new Map<number, OutboxItem>();
  for (const item of [...items].sort((a, b) => a.seq - b.seq)) byStop.set(item.stop.collectionId, item);
  return byStop;
}
