import type { DriverStop } from '@junkan/shared/api/drivers';
import type { DriverMarkResult, DriverMarkState } from '@junkan/shared/driver-rules';
import type { OutboxItem } from './mark-queue';

/** The stops of one date, in the server's order: today's first, then the next days, then any past day kept. */
export interface DayGroup {
  date: string;
  when: 'today' | 'tomorrow' | 'later' | 'past';
  stops: DriverStop[];
}

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** The weekday of a Japan date (0 Sunday), read as text so no machine's time zone can shift it. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export function groupStops(stops: readonly DriverStop[], today: string): DayGroup[] {
  const byDate = new Map<string, DriverStop[]>();
  for (const stop of stops) byDate.set(stop.date, [...(byDate.get(stop.date) ?? []), stop]);
  const tomorrow = nextDay(today);
  const when = (date: string): DayGroup['when'] =>
    date === today ? 'today' : date === tomorrow ? 'tomorrow' : date > today ? 'later' : 'past';
  const rank = (date: string) => (date < today ? 1 : 0);
  return [...byDate.keys()]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((date) => ({ date, when: when(date), stops: byDate.get(date) ?? [] }));
}

/**
 * What a stop shows and allows: `open` (the driver marks it), `later` (its day has not come), `queued` (marked on
 * the phone, not sent yet), `failed` (refused: the driver corrects or removes it), `conflict` (kept for the
 * office's decision), `sent` (the server holds the mark), `office` (the office recorded it itself).
 */
export type StopState =
  | { kind: 'open' | 'later' }
  | { kind: 'queued' | 'failed'; item: OutboxItem }
  | { kind: 'conflict'; result: DriverMarkResult; code: string | null }
  | { kind: 'sent'; result: DriverMarkResult; state: DriverMarkState }
  | { kind: 'office'; status: 'COLLECTED' | 'NOT_COLLECTED' };

export function stopState(stop: DriverStop, item: OutboxItem | undefined, today: string): StopState {
  if (item && (item.status === 'WAITING' || item.status === 'PHOTO')) return { kind: 'queued', item };
  if (item?.status === 'FAILED') return { kind: 'failed', item };
  if (item?.status === 'CONFLICT')
    return { kind: 'conflict', result: item.body.result, code: item.answer?.conflictCode ?? null };
  const mark = stop.lastMark;
  if (mark?.state === 'CONFLICT') return { kind: 'conflict', result: mark.result, code: null };
  if (mark) return { kind: 'sent', result: mark.result, state: mark.state };
  if (item?.status === 'DONE' && item.answer)
    return { kind: 'sent', result: item.body.result, state: item.answer.state };
  if (stop.status === 'COLLECTED' || stop.status === 'NOT_COLLECTED')
    return { kind: 'office', status: stop.status };
  return stop.date > today ? { kind: 'later' } : { kind: 'open' };
}
