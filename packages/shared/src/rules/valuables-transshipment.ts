import { PREFECTURES } from '../prefectures';
import { type CoveragePermit, parseDistrict } from './permit-coverage';

/**
 * Valuables collected (有価物拾集量) on a route without transshipment storage. The transport-end report's valuables
 * are what was picked out of the waste at a transshipment and storage facility (積替え保管 with 有価物の拾集), which
 * a transporter may run only under a collection-and-transport permit that allows transshipment (法第14条第12項). So
 * a report with valuables is flagged to the transporter when, on its transport end date, none of its live
 * collection-and-transport permits allows transshipment for the waste's kind in a prefecture on the route (the
 * discharge sites' and the disposal site's; a designated city's permit counts for its prefecture, as the city
 * issues transshipment permits). When the route's prefectures cannot be read (no site addresses), any such permit
 * of the transporter counts: the flag is a warning, never raised on a guess.
 */

/** Days (ISO, both inclusive) on which the route has transshipment storage for one waste kind. */
export interface DayWindow {
  from: string;
  to: string;
}

/** The prefecture a Japanese address starts with, or null. */
export function prefectureOfAddress(address: string): string | null {
  const text = address.trim();
  return PREFECTURES.find((p) => text.startsWith(p)) ?? null;
}

/** When the transporter's permits give the route transshipment storage for the waste kind (null: any kind). */
export function transshipmentWindows(
  permits: readonly CoveragePermit[],
  routeDistricts: readonly string[],
  wasteKindId: number | null,
): DayWindow[] {
  const route = new Set(
    routeDistricts.map((d) => parseDistrict(d)?.prefecture).filter((p): p is string => p !== undefined),
  );
  return permits
    .filter((p) => p.kind === 'COLLECTION_TRANSPORT' && !p.retired && p.transshipment)
    .filter((p) => wasteKindId === null || p.wasteKindIds.includes(wasteKindId))
    .filter((p) => {
      if (route.size === 0) return true;
      const district = parseDistrict(p.district);
      return district !== null && route.has(district.prefecture);
    })
    .map((p) => ({ from: p.issueDate, to: p.expiryDate }));
}

/** Whether valuables were reported on a day the route had no transshipment storage. */
export function isValuablesWithoutTransshipment(
  valuablesCollected: number | null | undefined,
  windows: readonly DayWindow[],
  day: string,
): boolean {
  if (!valuablesCollected || valuablesCollected <= 0) return false;
  return !windows.some((w) => w.from <= day && day <= w.to);
}
