import type { CollectionRequestOption } from '@junkan/shared/api/collections';
import type { NotCollectableReason } from '@junkan/shared/collection-rules';
import dayjs from 'dayjs';

/**
 * The desired-date pickers' days: which cannot be picked and why, and which collectable days to fetch for
 * the month a picker shows.
 */

export interface KnownDay {
  collectable: boolean;
  reason: NotCollectableReason | null;
}

/** Why a day cannot be picked: past, outside the requestable period, or the transporter does not collect. */
export type DayBlock = 'PAST' | 'OUTSIDE' | NotCollectableReason;

export function dayBlock(
  date: string,
  ctx: {
    /** Japan today, YYYY-MM-DD. */
    today: string;
    option: CollectionRequestOption | undefined;
    /** Collectable days already fetched (a day not in it is left to the server). */
    known: ReadonlyMap<string, KnownDay>;
  },
): DayBlock | null {
  if (date < ctx.today) return 'PAST';
  const contract = ctx.option?.contract;
  if (contract && (date < contract.startDate || date > contract.requestableUntil)) return 'OUTSIDE';
  const day = ctx.known.get(date);
  if (day && !day.collectable) return day.reason ?? 'NOT_BUSINESS_WEEKDAY';
  return null;
}

const shift = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/**
 * The collectable days to fetch for a picker showing `month` (YYYY-MM): the whole panel (a week either side
 * of the month), within the requestable period from today; null when nothing there can be picked. At most
 * 52 days, well under the call's 93.
 */
export function collectableRange(
  month: string,
  today: string,
  contract: { startDate: string; requestableUntil: string },
): { from: string; to: string } | null {
  const first = `${month}-01`;
  const last = dayjs(first).endOf('month').format('YYYY-MM-DD');
  const min = today > contract.startDate ? today : contract.startDate;
  const from = [shift(first, -7), min].sort().at(-1) as string;
  const to = [shift(last, 14), contract.requestableUntil].sort()[0] as string;
  return from <= to ? { from, to } : null;
}

/** The month a picker opens on: the first day that can be picked (today, or the contract's start). */
export function firstPickableMonth(today: string, option: CollectionRequestOption | undefined): string {
  const start = option?.contract.startDate ?? today;
  return (start > today ? start : today).slice(0, 7);
}
