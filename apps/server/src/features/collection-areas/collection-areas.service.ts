import type {
  AreaPriceInput,
  CollectionArea,
  CollectionAreaRequest,
  CollectionAreaType,
} from '@junkan/shared/api/collection-areas';
import type { MessageCode } from '@junkan/shared/messages';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import {
  collectionAreaPostalCodes,
  collectionAreaPrices,
  collectionAreas,
  companies,
  unitMeasures,
  wastes,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { refuseListPeriods } from '../../lib/period-prices';
import type { Caller } from '../../plugins/auth';
import { areaNameExists, findPosCodeOwners, getCollectionArea } from './collection-area-reads';

/** Database constraint -> the 409 code and the form field it belongs to. */
const UNIQUE_CONSTRAINTS: Record<string, [MessageCode, string]> = {
  collection_areas_name_unique: ['area_name_already_used', 'areaName'],
  collection_area_pos_code_unique: ['pos_code_already_used', 'posCodes'],
};

const conflict = (code: MessageCode, field: string, params?: Record<string, string | number>) =>
  new AppError(code, code, { [field]: code }, params);

/** Rules a request can be checked against without the database: periods, overlaps, repeated codes. */
function checkRequest(body: CollectionAreaRequest): void {
  refuseListPeriods(body.prices, (p) => p.wasteId, 'prices');
  const seen = new Set<string>();
  body.posCodes.forEach((code, i) => {
    if (seen.has(code)) throw conflict('pos_code_already_used', `posCodes.${i}`, { posCode: code });
    seen.add(code);
  });
}

/** Price rows must name existing wastes of the area's type and existing units. */
async function checkPriceReferences(tx: Tx, type: CollectionAreaType, prices: AreaPriceInput[]) {
  const wasteIds = [...new Set(prices.flatMap((p) => (p.wasteId ? [p.wasteId] : [])))];
  const unitIds = [...new Set(prices.flatMap((p) => (p.unitMeasureId ? [p.unitMeasureId] : [])))];
  const foundWastes = wasteIds.length
    ? await tx
        .select({ id: wastes.id, category: wastes.category })
        .from(wastes)
        .where(inArray(wastes.id, wasteIds))
    : [];
  const foundUnits = unitIds.length
    ? await tx.select({ id: unitMeasures.id }).from(unitMeasures).where(inArray(unitMeasures.id, unitIds))
    : [];
  prices.forEach((p, i) => {
    if (p.wasteId) {
      const waste = foundWastes.find((w) => w.id === p.wasteId);
      if (!waste) throw conflict('not_found', `prices.${i}.wasteId`);
      if (waste.category !== type) throw conflict('invalid_format', `prices.${i}.wasteId`);
    }
    if (p.unitMeasureId && !foundUnits.some((u) => u.id === p.unitMeasureId))
      throw conflict('not_found', `prices.${i}.unitMeasureId`);
  });
}

/**
 * Serializes writes to one company's areas (PostgreSQL row lock on the company), so the license rule,
 * which no index holds, sees every committed area. The unique indexes still back the name and postal codes.
 */
async function lockCompany(tx: Tx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

async function checkConflicts(tx: Tx, companyId: number, body: CollectionAreaRequest, excludeId = 0) {
  if (await areaNameExists(tx, companyId, body.type, body.areaName, excludeId))
    throw conflict('area_name_already_used', 'areaName');
  const owners = await findPosCodeOwners(tx, companyId, body.type, body.posCodes, excludeId);
  if (owners.length > 0) {
    const first = owners.map((o) => o.posCode).sort()[0] ?? '';
    const owner = owners.find((o) => o.posCode === first);
    throw conflict('pos_code_already_used', `posCodes.${body.posCodes.indexOf(first)}`, {
      posCode: first,
      areaName: owner?.areaName ?? '',
    });
  }
  if (body.licenseNumber) {
    const [same] = await tx
      .select({ id: collectionAreas.id })
      .from(collectionAreas)
      .where(
        and(
          eq(collectionAreas.transportCompanyId, companyId),
          eq(collectionAreas.type, body.type),
          eq(collectionAreas.licenseNumber, body.licenseNumber),
          eq(collectionAreas.administrativeDistrict, body.administrativeDistrict),
          ne(collectionAreas.id, excludeId),
        ),
      )
      .limit(1);
    if (same) throw conflict('license_already_used', 'licenseNumber');
  }
}

async function insertPostalCodes(tx: Tx, areaId: number, companyId: number, body: CollectionAreaRequest) {
  await tx
    .insert(collectionAreaPostalCodes)
    .values(
      body.posCodes.map((posCode) => ({ areaId, transportCompanyId: companyId, type: body.type, posCode })),
    );
}

const priceValues = (p: AreaPriceInput) => ({
  wasteId: p.wasteId ?? null,
  unitMeasureId: p.unitMeasureId ?? null,
  unitPrice: p.unitPrice,
  validFrom: p.validFrom,
  validTo: p.validTo ?? null,
});

/** Runs a write and turns a unique violation into the field's 409. */
async function withUniqueMapping<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = uniqueViolation(err);
    const mapped = constraint ? UNIQUE_CONSTRAINTS[constraint] : undefined;
    if (mapped) throw conflict(mapped[0], mapped[1]);
    throw err;
  }
}

export async function createCollectionArea(
  app: FastifyInstance,
  caller: Caller,
  body: CollectionAreaRequest,
): Promise<CollectionArea> {
  const { companyId } = caller;
  checkRequest(body);
  const id = await withUniqueMapping(() =>
    app.db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      await checkPriceReferences(tx, body.type, body.prices);
      await checkConflicts(tx, companyId, body);
      const [area] = await tx
        .insert(collectionAreas)
        .values({
          transportCompanyId: companyId,
          type: body.type,
          areaName: body.areaName,
          licenseNumber: body.licenseNumber,
          administrativeDistrict: body.administrativeDistrict,
        })
        .returning({ id: collectionAreas.id });
      if (!area) throw new Error('insert returned no row');
      await insertPostalCodes(tx, area.id, companyId, body);
      if (body.prices.length > 0)
        await tx
          .insert(collectionAreaPrices)
          .values(body.prices.map((p) => ({ areaId: area.id, ...priceValues(p) })));
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'collection_area',
        entityId: area.id,
        detail: { type: body.type, areaName: body.areaName, posCodes: body.posCodes.length },
      });
      return area.id;
    }),
  );
  return getCollectionArea(app.db, companyId, id);
}

/** Replaces the area's fields, postal codes and prices; price rows sent with their id keep it. */
export async function updateCollectionArea(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  body: CollectionAreaRequest,
): Promise<CollectionArea> {
  const { companyId } = caller;
  checkRequest(body);
  await withUniqueMapping(() =>
    app.db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const [current] = await tx
        .select({ id: collectionAreas.id })
        .from(collectionAreas)
        .where(and(eq(collectionAreas.id, id), eq(collectionAreas.transportCompanyId, companyId)));
      if (!current) throw new AppError('not_found', 'Collection area not found');
      await checkPriceReferences(tx, body.type, body.prices);
      await checkConflicts(tx, companyId, body, id);
      await tx
        .update(collectionAreas)
        .set({
          type: body.type,
          areaName: body.areaName,
          licenseNumber: body.licenseNumber,
          administrativeDistrict: body.administrativeDistrict,
          updatedAt: app.now(),
        })
        .where(eq(collectionAreas.id, id));
      await tx.delete(collectionAreaPostalCodes).where(eq(collectionAreaPostalCodes.areaId, id));
      await insertPostalCodes(tx, id, companyId, body);

      const existing = await tx
        .select({ id: collectionAreaPrices.id })
        .from(collectionAreaPrices)
        .where(eq(collectionAreaPrices.areaId, id));
      const existingIds = new Set(existing.map((p) => p.id));
      const kept = new Set<number>();
      for (const price of body.prices) {
        if (price.id && existingIds.has(price.id) && !kept.has(price.id)) {
          kept.add(price.id);
          await tx
            .update(collectionAreaPrices)
            .set(priceValues(price))
            .where(eq(collectionAreaPrices.id, price.id));
        } else {
          await tx.insert(collectionAreaPrices).values({ areaId: id, ...priceValues(price) });
        }
      }
      const removed = [...existingIds].filter((p) => !kept.has(p));
      if (removed.length > 0)
        await tx.delete(collectionAreaPrices).where(inArray(collectionAreaPrices.id, removed));
      await recordAudit(tx, caller, {
        action: 'update',
        entity: 'collection_area',
        entityId: id,
        detail: { type: body.type, areaName: body.areaName, posCodes: body.posCodes.length },
      });
    }),
  );
  return getCollectionArea(app.db, companyId, id);
}

export async function deleteCollectionArea(app: FastifyInstance, caller: Caller, id: number): Promise<void> {
  const { companyId } = caller;
  await app.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const [deleted] = await tx
      .delete(collectionAreas)
      .where(and(eq(collectionAreas.id, id), eq(collectionAreas.transportCompanyId, companyId)))
      .returning({ id: collectionAreas.id, areaName: collectionAreas.areaName, type: collectionAreas.type });
    if (!deleted) throw new AppError('not_found', 'Collection area not found');
    await recordAudit(tx, caller, {
      action: 'delete',
      entity: 'collection_area',
      entityId: id,
      detail: { type: deleted.type, areaName: deleted.areaName },
    });
  });
}
