import type {
  AreaPrice,
  CollectionArea,
  CollectionAreaLookup,
  CollectionAreaType,
} from '@junkan/shared/api/collection-areas';
import { isPeriodActive } from '@junkan/shared/rules/price-period';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  collectionAreaPostalCodes,
  collectionAreaPrices,
  collectionAreas,
  companies,
  unitMeasures,
  wastes,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Reading collection areas: the company's list, one area, the checks the form asks as one types, the lookup. */

async function loadAreas(db: DbOrTx, where: SQL | undefined): Promise<CollectionArea[]> {
  const areas = await db
    .select()
    .from(collectionAreas)
    .where(where)
    .orderBy(asc(collectionAreas.areaName), asc(collectionAreas.id));
  if (areas.length === 0) return [];
  const ids = areas.map((a) => a.id);
  const codes = await db
    .select({ areaId: collectionAreaPostalCodes.areaId, posCode: collectionAreaPostalCodes.posCode })
    .from(collectionAreaPostalCodes)
    .where(inArray(collectionAreaPostalCodes.areaId, ids))
    .orderBy(asc(collectionAreaPostalCodes.posCode));
  const prices = await db
    .select({
      id: collectionAreaPrices.id,
      areaId: collectionAreaPrices.areaId,
      wasteId: collectionAreaPrices.wasteId,
      wasteName: wastes.name,
      unitMeasureId: collectionAreaPrices.unitMeasureId,
      unit: unitMeasures.unit,
      unitPrice: collectionAreaPrices.unitPrice,
      validFrom: collectionAreaPrices.validFrom,
      validTo: collectionAreaPrices.validTo,
    })
    .from(collectionAreaPrices)
    .leftJoin(wastes, eq(wastes.id, collectionAreaPrices.wasteId))
    .leftJoin(unitMeasures, eq(unitMeasures.id, collectionAreaPrices.unitMeasureId))
    .where(inArray(collectionAreaPrices.areaId, ids))
    .orderBy(asc(wastes.sortOrder), asc(collectionAreaPrices.wasteId), asc(collectionAreaPrices.validFrom));
  return areas.map((a) => ({
    id: a.id,
    type: a.type,
    areaName: a.areaName,
    licenseNumber: a.licenseNumber,
    administrativeDistrict: a.administrativeDistrict,
    posCodes: codes.filter((c) => c.areaId === a.id).map((c) => c.posCode),
    prices: prices.filter((p) => p.areaId === a.id).map(({ areaId: _areaId, ...p }) => p),
    updatedAt: a.updatedAt.toISOString(),
  }));
}

export function listCollectionAreas(db: DbOrTx, companyId: number, type?: CollectionAreaType) {
  return loadAreas(
    db,
    and(eq(collectionAreas.transportCompanyId, companyId), type ? eq(collectionAreas.type, type) : undefined),
  );
}

export async function getCollectionArea(db: DbOrTx, companyId: number, id: number): Promise<CollectionArea> {
  const [area] = await loadAreas(
    db,
    and(eq(collectionAreas.transportCompanyId, companyId), eq(collectionAreas.id, id)),
  );
  if (!area) throw new AppError('not_found', 'Collection area not found');
  return area;
}

/** Whether another area of the company and type has this name (`excludeId` = the area being edited). */
export async function areaNameExists(
  db: DbOrTx,
  companyId: number,
  type: CollectionAreaType,
  areaName: string,
  excludeId = 0,
): Promise<boolean> {
  const [row] = await db
    .select({ id: collectionAreas.id })
    .from(collectionAreas)
    .where(
      and(
        eq(collectionAreas.transportCompanyId, companyId),
        eq(collectionAreas.type, type),
        eq(collectionAreas.areaName, areaName.trim()),
        ne(collectionAreas.id, excludeId),
      ),
    )
    .limit(1);
  return !!row;
}

/** The company's areas of a type that already hold some of these postal codes. */
export async function findPosCodeOwners(
  db: DbOrTx,
  companyId: number,
  type: CollectionAreaType,
  posCodes: string[],
  excludeId = 0,
) {
  if (posCodes.length === 0) return [];
  return db
    .select({ posCode: collectionAreaPostalCodes.posCode, areaName: collectionAreas.areaName })
    .from(collectionAreaPostalCodes)
    .innerJoin(collectionAreas, eq(collectionAreas.id, collectionAreaPostalCodes.areaId))
    .where(
      and(
        eq(collectionAreaPostalCodes.transportCompanyId, companyId),
        eq(collectionAreaPostalCodes.type, type),
        inArray(collectionAreaPostalCodes.posCode, posCodes),
        ne(collectionAreaPostalCodes.areaId, excludeId),
      ),
    );
}

export async function posCodeExists(
  db: DbOrTx,
  companyId: number,
  type: CollectionAreaType,
  posCode: string,
  excludeId = 0,
): Promise<{ exists: boolean; areaName?: string }> {
  const [owner] = await findPosCodeOwners(db, companyId, type, [posCode], excludeId);
  return owner ? { exists: true, areaName: owner.areaName } : { exists: false };
}

/**
 * Whether an approved transport company collects at a postal code, and the areas with their prices valid on
 * `date` that the caller may see: `visibleCompanyId` limits them to one company (a transporter's own), `'all'`
 * shows every company's (an administrator), `'none'` answers only whether the code is served (a discharger).
 */
export async function lookupCollectionAreas(
  db: DbOrTx,
  posCode: string,
  type: CollectionAreaType,
  visible: number | 'all' | 'none',
  date: string,
): Promise<CollectionAreaLookup> {
  const rows = await db
    .select({
      areaId: collectionAreas.id,
      transportCompanyId: companies.id,
      transportCompanyName: companies.name,
    })
    .from(collectionAreaPostalCodes)
    .innerJoin(collectionAreas, eq(collectionAreas.id, collectionAreaPostalCodes.areaId))
    .innerJoin(companies, eq(companies.id, collectionAreas.transportCompanyId))
    .where(
      and(
        eq(collectionAreaPostalCodes.posCode, posCode),
        eq(collectionAreaPostalCodes.type, type),
        // A company awaiting approval (or refused) serves nobody yet.
        eq(companies.approvalStatus, 'APPROVED'),
      ),
    )
    .orderBy(asc(companies.name), asc(companies.id));
  const served = rows.length > 0;
  const shown = rows.filter((r) => visible === 'all' || r.transportCompanyId === visible);
  if (shown.length === 0) return { served: typeof visible === 'number' ? false : served, areas: [] };
  const areas = await loadAreas(
    db,
    inArray(
      collectionAreas.id,
      shown.map((r) => r.areaId),
    ),
  );
  return {
    served: true,
    areas: shown.flatMap((r) => {
      const area = areas.find((a) => a.id === r.areaId);
      if (!area) return [];
      return [
        {
          transportCompanyId: r.transportCompanyId,
          transportCompanyName: r.transportCompanyName,
          areaId: area.id,
          areaName: area.areaName,
          prices: area.prices.filter((p: AreaPrice) => isPeriodActive(p, date)),
        },
      ];
    }),
  };
}
