import { OPEN_COLLECTION_STATUSES, VEHICLE_LIMITS, type VehicleLimit } from '@junkan/shared/collection-rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { collectionAreaPostalCodes, collectionAreas, collections, companies } from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { loadScheduleRows, type ScheduleRow } from './schedule-rows';

export interface DaySheetGroup {
  /** The transporter's collection area holding the site's postal code; null when none does (エリア外). */
  areaName: string | null;
  vehicleLimit: VehicleLimit;
  rows: ScheduleRow[];
}

/** The dispatcher's sheet of one day: the transporter's open collections, grouped for the rounds. */
export interface DaySheet {
  date: string;
  companyName: string;
  groups: DaySheetGroup[];
}

/** The name of the area holding a postal code, for a project of the given type; null when none does. */
export type AreaLookup = (type: string, postalCode: string) => string | null;

/**
 * The transporter's collections of `date` that are still going to happen (desired, adjusting, confirmed),
 * grouped by collection area and vehicle limit.
 */
export async function loadDaySheet(db: Database, caller: Caller, date: string): Promise<DaySheet> {
  const { companyId } = caller;
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const rows = await loadScheduleRows(
    db,
    and(
      eq(collections.transportCompanyId, companyId),
      eq(collections.date, date),
      inArray(collections.status, [...OPEN_COLLECTION_STATUSES]),
    ),
  );
  const areaOf = await areaLookup(db, companyId, [...new Set(rows.map((r) => r.site.postalCode))]);
  return { date, companyName: company?.name ?? '', groups: groupDaySheet(rows, areaOf) };
}

/** Which of the company's areas holds each postal code: the area for the project's type first, else any. */
async function areaLookup(db: Database, companyId: number, postalCodes: string[]): Promise<AreaLookup> {
  if (postalCodes.length === 0) return () => null;
  const found = await db
    .select({
      type: collectionAreaPostalCodes.type,
      posCode: collectionAreaPostalCodes.posCode,
      areaName: collectionAreas.areaName,
    })
    .from(collectionAreaPostalCodes)
    .innerJoin(collectionAreas, eq(collectionAreas.id, collectionAreaPostalCodes.areaId))
    .where(
      and(
        eq(collectionAreaPostalCodes.transportCompanyId, companyId),
        inArray(collectionAreaPostalCodes.posCode, postalCodes),
      ),
    )
    .orderBy(asc(collectionAreas.areaName), asc(collectionAreas.id));
  const byType = new Map<string, string>();
  const byCode = new Map<string, string>();
  for (const f of found) {
    byType.set(`${f.type}:${f.posCode}`, f.areaName);
    if (!byCode.has(f.posCode)) byCode.set(f.posCode, f.areaName);
  }
  return (type, postalCode) => byType.get(`${type}:${postalCode}`) ?? byCode.get(postalCode) ?? null;
}

const collator = new Intl.Collator('ja');

/**
 * Groups a day's collections by area (by name, エリア外 last) and vehicle limit (no limit first, then the
 * smaller vehicles); within a group the earliest entry hour comes first, then the site's name.
 */
export function groupDaySheet(rows: ScheduleRow[], areaOf: AreaLookup): DaySheetGroup[] {
  const groups = new Map<string, DaySheetGroup>();
  for (const row of rows) {
    const areaName = areaOf(row.project.type, row.site.postalCode);
    const key = `${areaName ?? ''}\u0000${row.vehicleLimit}`;
    let group = groups.get(key);
    if (!group) {
      group = { areaName, vehicleLimit: row.vehicleLimit, rows: [] };
      groups.set(key, group);
    }
    group.rows.push(row);
  }
  const limitOrder = (limit: VehicleLimit) => VEHICLE_LIMITS.indexOf(limit);
  const sorted = [...groups.values()].sort(
    (a, b) =>
      Number(a.areaName === null) - Number(b.areaName === null) ||
      collator.compare(a.areaName ?? '', b.areaName ?? '') ||
      limitOrder(a.vehicleLimit) - limitOrder(b.vehicleLimit),
  );
  for (const group of sorted)
    group.rows.sort(
      (a, b) =>
        (a.entryFrom ?? '99:99').localeCompare(b.entryFrom ?? '99:99') ||
        collator.compare(a.site.name, b.site.name) ||
        a.id - b.id,
    );
  return sorted;
}
