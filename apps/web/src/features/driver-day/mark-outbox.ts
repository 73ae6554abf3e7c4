import type { DriverMarkInput, DriverMarkResultAnswer } from '@junkan/shared/api/drivers';
import type { DriverStore } from './driver-store';
import {
  afterMark,
  afterPhoto,
  afterRefusal,
  afterRetryable,
  failureKind,
  type OutboxItem,
  pendingItems,
  withoutPhoto,
} from './mark-queue';

/** The calls the queue makes: the API's, or a test's. A failure carries the HTTP status (0: no answer). */
export interface OutboxPorts {
  store: Pick<DriverStore, 'listItems' | 'putItem' | 'readPhoto' | 'deletePhoto'>;
  sendMark(body: DriverMarkInput): Promise<DriverMarkResultAnswer>;
  sendPhoto(clientId: string, photo: Blob): Promise<DriverMarkResultAnswer>;
}

/**
 * How a run ended: `done` (nothing left to send), `retry` (no connection or the server failing: try again later),
 * `signIn` (the sign-in has ended: everything stays until the driver signs in again).
 */
export type RunOutcome = 'done' | 'retry' | 'signIn';

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : 0;

const refusalOf = (error: unknown) => {
  const e = error as { code?: unknown; fields?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : 'unknown_error',
    fields: typeof e.fields === 'object' && e.fields !== null ? (e.fields as Record<string, string>) : {},
  };
};

/** One call for an item: its next state, or how the run stops. */
async function step(
  ports: OutboxPorts,
  item: OutboxItem,
): Promise<{ next: OutboxItem; stop?: 'retry' | 'signIn' }> {
  let photo: Blob | null = null;
  if (item.status === 'PHOTO') {
    const stored = await ports.store.readPhoto(item.clientId);
    if (!stored) return { next: withoutPhoto(item) };
    photo = new Blob([stored.bytes], { type: stored.type });
  }
  try {
    if (photo) return { next: afterPhoto(item, await ports.sendPhoto(item.clientId, photo)) };
    return { next: afterMark(item, await ports.sendMark(item.body)) };
  } catch (error) {
    const kind = failureKind(statusOf(error));
    if (kind === 'retry') return { next: afterRetryable(item), stop: 'retry' };
    if (kind === 'signIn') return { next: item, stop: 'signIn' };
    return { next: afterRefusal(item, refusalOf(error)) };
  }
}

/**
 * Sends the driver's waiting marks in the order they were made, each mark then its photo, keeping every new state
 * on the phone before the next call. A mark whose answer was lost is sent again with the same client id, which
 * the server answers with what it kept. A refused item waits for the driver and the others go on; a failed
 * connection or an ended sign-in stops the run with everything kept. `onChange` hears each state kept.
 */
export async function runOutbox(
  ports: OutboxPorts,
  userId: number,
  onChange?: (item: OutboxItem) => void,
): Promise<RunOutcome> {
  for (const first of pendingItems(await ports.store.listItems(userId))) {
    let item = first;
    // A mark, then its photo: at most two calls an item.
    while (item.status === 'WAITING' || item.status === 'PHOTO') {
      const { next, stop } = await step(ports, item);
      if (next !== item) {
        await ports.store.putItem(next);
        // The photo's bytes go once the server has it (or the mark goes on without it).
        if (!next.hasPhoto || next.status === 'DONE' || next.status === 'CONFLICT')
          await ports.store.deletePhoto(next.clientId);
        onChange?.(next);
      }
      if (stop) return stop;
      item = next;
    }
  }
  return 'done';
}
