import type { DispatchAssignInput, DispatchStop } from '@junkan/shared/api/drivers';
import { isOpenCollection } from '@junkan/shared/collection-rules';

/**
 * The dispatch screen's rules as plain data: the day in the address, the stops grouped by area, the round's order
 * as the office changes it before saving (drag or a step up or down, within an area: the round goes area by
 * area), the selection of a whole area, and the assignment's body.
 */

type Stop = Pick<DispatchStop, 'id' | 'areaName'>;

export interface AreaGroup<S extends Stop = DispatchStop> {
  /** The group's key ('' for the stops outside every area). */
  key: string;
  areaName: string | null;
  stops: S[];
}

export const areaKey = (areaName: string | null) => (areaName === null ? '' : `area:${areaName}`);

/** The stops by area, the areas and the stops in the order given (the server's: areas by name, then the round). */
export function groupByArea<S extends Stop>(stops: readonly S[]): AreaGroup<S>[] {
  const groups = new Map<string, AreaGroup<S>>();
  for (const stop of stops) {
    const key = areaKey(stop.areaName);
    const group = groups.get(key) ?? { key, areaName: stop.areaName, stops: [] };
    group.stops.push(stop);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The stops in the office's unsaved order (`order`, ids), areas kept where the server puts them; a stop the order
 * does not know (one added since) comes after those it does, in the server's order. Null: the server's order.
 */
export function orderStops<S extends Stop>(stops: readonly S[], order: readonly number[] | null): S[] {
  if (!order) return [...stops];
  const rank = new Map(order.map((id, i) => [id, i]));
  const ranked = (s: S) => rank.get(s.id) ?? order.length + stops.indexOf(s);
  return groupByArea(stops).flatMap((group) => [...group.stops].sort((a, b) => ranked(a) - ranked(b)));
}

/** Whether the order on screen differs from the server's. */
export const isOrderChanged = (stops: readonly Stop[], shown: readonly Stop[]) =>
  stops.some((stop, i) => shown[i]?.id !== stop.id);

/** The ids after moving one stop to another's place in the same area (a drag); null when that is no move. */
export function moveStopTo(shown: readonly Stop[], id: number, targetId: number): number[] | null {
  const from = shown.findIndex((s) => s.id === id);
  const to = shown.findIndex((s) => s.id === targetId);
  if (from < 0 || to < 0 || from === to) return null;
  if (areaKey(shown[from]!.areaName) !== areaKey(shown[to]!.areaName)) return null;
  const ids = shown.map((s) => s.id);
  ids.splice(from, 1);
  ids.splice(to, 0, id);
  return ids;
}

/** The ids after a step up (-1) or down (1) within the stop's area; null at the area's edge. */
export function stepStop(shown: readonly Stop[], id: number, step: -1 | 1): number[] | null {
  const at = shown.findIndex((s) => s.id === id);
  const next = shown[at + step];
  return at < 0 || !next ? null : moveStopTo(shown, id, next.id);
}

/** Whether a stop can step up or down within its area. */
export function canStep(shown: readonly Stop[], id: number, step: -1 | 1): boolean {
  return stepStop(shown, id, step) !== null;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day in the address (YYYY-MM-DD, a real date), else `today`. */
export function parseDispatchDate(raw: string | null, today: string): string {
  const match = DATE_PATTERN.exec(raw ?? '');
  if (!match) return today;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real && y >= 2000 && y <= 2100 ? (raw as string) : today;
}

/** A day before or after (YYYY-MM-DD, read as a calendar date: no time zone). */
export function shiftDay(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whether a stop can be given to a driver or a vehicle: only one still to happen (the server's rule too). */
export const isAssignable = (stop: Pick<DispatchStop, 'status'>) => isOpenCollection(stop.status);

type Selectable = Pick<DispatchStop, 'id' | 'areaName' | 'status'>;

/** The area's checkbox, over its stops that can be assigned: all chosen, some, or none (and whether any can be). */
export function areaSelection(group: AreaGroup<Selectable>, selected: ReadonlySet<number>) {
  const open = group.stops.filter(isAssignable);
  const chosen = open.filter((s) => selected.has(s.id)).length;
  return {
    checked: chosen > 0 && chosen === open.length,
    indeterminate: chosen > 0 && chosen < open.length,
    selectable: open.length > 0,
  };
}

/** The selection with a whole area's assignable stops chosen or let go. */
export function selectArea(
  selected: ReadonlySet<number>,
  group: AreaGroup<Selectable>,
  on: boolean,
): Set<number> {
  const next = new Set(selected);
  for (const stop of group.stops.filter(isAssignable)) {
    if (on) next.add(stop.id);
    else next.delete(stop.id);
  }
  return next;
}

/** The selection with one stop chosen or let go. */
export function selectStop(selected: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Choosing a driver brings the driver's usual vehicle, unless a vehicle is chosen already. */
export function vehicleAfterDriver(
  drivers: readonly { id: number; vehicleId: number | null }[],
  driverId: number | null,
  vehicleId: number | null,
): number | null {
  if (vehicleId !== null || driverId === null) return vehicleId;
  return drivers.find((d) => d.id === driverId)?.vehicleId ?? null;
}

/** The assignment's body: the chosen stops to the driver and the vehicle (null for none). */
export const assignBody = (
  collectionIds: number[],
  driverUserId: number | null,
  vehicleId: number | null,
): DispatchAssignInput => ({ collectionIds, driverUserId, vehicleId });

/** Vehicle classes from the smallest: a stop's limit admits its class and those before it. */
const CLASS_RANK: Record<string, number> = { LIGHT: 1, T2: 2, T4: 3, T10: 4 };

/** How many of the chosen stops the vehicle is too large for (their vehicle limit), so the office is warned. */
export function stopsOverLimit(
  stops: readonly Pick<DispatchStop, 'vehicleLimit'>[],
  vehicleClass: string | null,
): number {
  const rank = vehicleClass ? CLASS_RANK[vehicleClass] : undefined;
  if (rank === undefined) return 0;
  return stops.filter((s) => s.vehicleLimit !== 'NONE' && rank > (CLASS_RANK[s.vehicleLimit] ?? 0)).length;
}
