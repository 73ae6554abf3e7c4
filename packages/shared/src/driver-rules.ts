import type { CollectionStatus } from './collection-rules';
import type { MessageCode } from './messages';

/**
 * The driver's day (issue 30): a transport company's drivers see the stops the office gave them or their vehicle,
 * mark each collected or not with its proof, offline first; the office decides where a mark meets a changed stop.
 */

/** How many days the driver's phone keeps: today and the next days. */
export const DRIVER_DAY_SPAN = 3;

/** What a driver records at a stop. */
export const DRIVER_MARK_RESULTS = ['COLLECTED', 'NOT_COLLECTED'] as const;
export type DriverMarkResult = (typeof DRIVER_MARK_RESULTS)[number];

/** Why a stop was not collected: the list the driver picks from (free text beside it). */
export const NOT_COLLECTED_REASONS = [
  /** Nothing was put out. */
  'NOTHING_OUT',
  /** The site was closed or nobody was there to open it. */
  'CLOSED',
  /** The vehicle could not reach or enter the site. */
  'NO_ACCESS',
  /** The waste was not sorted as contracted. */
  'WRONG_SORTING',
  /** More or other waste than contracted. */
  'NOT_AS_CONTRACTED',
  /** The round could not reach it (vehicle trouble, weather, time). */
  'ROUND_TROUBLE',
  'OTHER',
] as const;
export type NotCollectedReason = (typeof NOT_COLLECTED_REASONS)[number];

/**
 * A mark's state: APPLIED (the collection was marked), CONFLICT (the stop changed meanwhile: the office decides),
 * RESOLVED_APPLIED (the office applied it after all), DISCARDED (the office kept the stop as it is).
 */
export const DRIVER_MARK_STATES = ['APPLIED', 'CONFLICT', 'RESOLVED_APPLIED', 'DISCARDED'] as const;
export type DriverMarkState = (typeof DRIVER_MARK_STATES)[number];

/**
 * Marks that stand: what the collection now records. The discharger sees only these (a conflict waiting for the
 * office, or one it discarded, is the transport company's own business); the report draft counts only these.
 */
export const STANDING_MARK_STATES = [
  'APPLIED',
  'RESOLVED_APPLIED',
] as const satisfies readonly DriverMarkState[];
export const isStandingMark = (state: DriverMarkState) =>
  (STANDING_MARK_STATES as readonly DriverMarkState[]).includes(state);

/** Limits of a mark, shared by the phone's form and the server. */
export const DRIVER_MARK_MAX = {
  reasonText: 200,
  /** Bags of one size on one line. */
  bags: 999,
  /** kg on one line. */
  weightKg: 99_999,
  volume: 99_999,
  /** The longest side of a photo after the phone resizes it, in pixels. */
  photoSide: 1600,
} as const;

/** The collection as the server holds it when a mark arrives, and the mark's view of it. */
export interface MarkTarget {
  status: CollectionStatus;
  date: string;
  version: number;
  hasReport: boolean;
}
export interface MarkBase {
  baseVersion: number;
  baseDate: string;
  result: DriverMarkResult;
}

/**
 * Why a driver's mark cannot be applied as it stands, or null when it can: the office cancelled, returned or
 * moved the stop, marked it itself, or a report covers it meanwhile. A conflict is kept for the office to decide;
 * it is never dropped or applied silently. `today` is the business date (a stop is marked on its day or after).
 */
export function markConflict(target: MarkTarget, mark: MarkBase, today: string): MessageCode | null {
  if (target.status === 'CANCELLED' || target.status === 'RETURNED' || target.status === 'SKIPPED')
    return 'driver_mark_stop_cancelled';
  if (target.date !== mark.baseDate) return 'driver_mark_stop_moved';
  if (target.date > today) return 'driver_mark_too_early';
  if (target.status === 'COLLECTED' || target.status === 'NOT_COLLECTED') return 'driver_mark_already_marked';
  if (target.status !== 'CONFIRMED') return 'driver_mark_stop_changed';
  if (target.version !== mark.baseVersion) return 'driver_mark_stop_changed';
  if (mark.result === 'NOT_COLLECTED' && target.hasReport) return 'collection_has_report';
  return null;
}

/**
 * Whether the office may still apply a conflicting mark: only while the stop can take the mark now (the rule the
 * office's own marking follows: a confirmed or marked stop on its day or after, no report when not collected).
 */
export function canApplyMark(target: Omit<MarkTarget, 'version'>, result: DriverMarkResult, today: string) {
  const marked = target.status === 'COLLECTED' || target.status === 'NOT_COLLECTED';
  if (!(target.status === 'CONFIRMED' || marked) || target.date > today) return false;
  if (target.status === result) return false;
  return !(result === 'NOT_COLLECTED' && target.hasReport);
}

/** A stop of the day in the office's order: by area (stops without one last), then the order set, then time. */
export interface OrderedStop {
  date: string;
  areaName: string | null;
  stopOrder: number | null;
  id: number;
}
export function compareStops(a: OrderedStop, b: OrderedStop): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.areaName !== b.areaName) {
    if (a.areaName === null) return 1;
    if (b.areaName === null) return -1;
    return a.areaName.localeCompare(b.areaName, 'ja');
  }
  if (a.stopOrder !== b.stopOrder) {
    if (a.stopOrder === null) return 1;
    if (b.stopOrder === null) return -1;
    return a.stopOrder - b.stopOrder;
  }
  return a.id - b.id;
}

/** One line of a mark: the bags counted by size (litres), the weight in kg, the volume in the line's unit. */
export interface MarkLine {
  wasteLineId: number;
  bags: Partial<Record<string, number>>;
  weightKg: number | null;
  volume: number | null;
}

/**
 * What a month of marks puts in the regular report's draft: per waste (the report's category) the kg weighed
 * and the bags counted, from collected marks that stand (applied, or applied by the office). Lines of wastes the
 * project does not have are left out; weights are summed to 0.01 kg as the report keeps them.
 */
export function monthDraft(
  marks: readonly { result: DriverMarkResult; state: DriverMarkState; lines: readonly MarkLine[] }[],
  wasteOfLine: ReadonlyMap<number, number>,
): Map<number, { weightKg: number; weighed: number; bags: Record<string, number> }> {
  const byWaste = new Map<number, { weightKg: number; weighed: number; bags: Record<string, number> }>();
  for (const mark of marks) {
    if (mark.result !== 'COLLECTED' || (mark.state !== 'APPLIED' && mark.state !== 'RESOLVED_APPLIED'))
      continue;
    for (const line of mark.lines) {
      const waste = wasteOfLine.get(line.wasteLineId);
      if (waste === undefined) continue;
      const entry = byWaste.get(waste) ?? { weightKg: 0, weighed: 0, bags: {} };
      if (line.weightKg != null) {
        entry.weightKg = Math.round((entry.weightKg + line.weightKg) * 100) / 100;
        entry.weighed += 1;
      }
      for (const [size, n] of Object.entries(line.bags))
        if (n) entry.bags[size] = (entry.bags[size] ?? 0) + n;
      byWaste.set(waste, entry);
    }
  }
  return byWaste;
}
