/**
 * The collection area a stop lies in, for the office's dispatch and the driver's day: the transport company's area
 * of the project's type whose postal codes hold the site's. Areas keep a code as typed (1040061 or 104-0061), so
 * both sides are compared by their digits, as `transporterMaySee` compares them.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { collectionAreaPostalCodes, collectionAreas } from '../../db/schema';

/** (project type, site postal code) -> the area's name, or null outside the company's areas. */
type StopAreaLookup = (type: string, postalCode: string) => string | null;

const digitsOf = (postalCode: string) => postalCode.replace(/\D/g, '');

export async function stopAreas(
  db: DbOrTx,
  transportCompanyId: number,
  postalCodes: readonly string[],
): Promise<StopAreaLookup> {
  const codes = [...new Set(postalCodes.map(digitsOf).filter(Boolean))];
  if (codes.length === 0) return () => null;
  const digits = sql<string>`replace(${collectionAreaPostalCodes.posCode}, '-', '')`;
  const rows = await db
    .select({ type: collectionAreaPostalCodes.type, digits, areaName: collectionAreas.areaName })
    .from(collectionAreaPostalCodes)
    .innerJoin(collectionAreas, eq(collectionAreas.id, collectionAreaPostalCodes.areaId))
    .where(and(eq(collectionAreaPostalCodes.transportCompanyId, transportCompanyId), inArray(digits, codes)))
    .orderBy(asc(collectionAreas.areaName), asc(collectionAreas.id));
  const byKey = new Map<string, string>();
  for (const r of rows) {
    const key = `${r.type}:${r.digits}`;
    if (!byKey.has(key)) byKey.set(key, r.areaName);
  }
  return (type, postalCode) => byKey.get(`${type}:${digitsOf(postalCode)}`) ?? null;
}
