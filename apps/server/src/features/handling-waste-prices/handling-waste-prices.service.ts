import type {
  HandlingWastePrice,
  HandlingWastePricePage,
  HandlingWastePriceRequest,
} from '@junkan/shared/api/handling-waste-prices';
import type { PeriodPriceListQuery } from '@junkan/shared/api/period-prices';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { handlingWastePrices, unitMeasures, wastes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import {
  countPeriodPrices,
  periodPriceList,
  refuseInvalidPeriod,
  refuseStoredOverlap,
} from '../../lib/period-prices';
import type { Caller } from '../../plugins/auth';

const columns = {
  id: handlingWastePrices.id,
  wasteId: handlingWastePrices.wasteId,
  wasteName: wastes.name,
  wasteCode: wastes.wasteCode,
  wasteCategory: wastes.category,
  unitMeasureId: handlingWastePrices.unitMeasureId,
  unit: unitMeasures.unit,
  unitPrice: handlingWastePrices.unitPrice,
  validFrom: handlingWastePrices.validFrom,
  validTo: handlingWastePrices.validTo,
};

const fieldError = (code: 'not_found', field: string) => new AppError(code, code, { [field]: code });

/** The platform's handling-waste unit prices, with the waste's name, paged and sorted. */
export async function listHandlingWastePrices(
  db: DbOrTx,
  query: PeriodPriceListQuery,
  today: string,
): Promise<HandlingWastePricePage> {
  const list = periodPriceList(handlingWastePrices, query, today, { series: [wastes.wasteCode] });
  const items = await db
    .select(columns)
    .from(handlingWastePrices)
    .innerJoin(wastes, eq(wastes.id, handlingWastePrices.wasteId))
    .leftJoin(unitMeasures, eq(unitMeasures.id, handlingWastePrices.unitMeasureId))
    .where(list.where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  const total = await countPeriodPrices(db, handlingWastePrices, list.where);
  return { items, total, page: query.page, size: query.size };
}

async function getHandlingWastePrice(db: DbOrTx, id: number): Promise<HandlingWastePrice> {
  const [row] = await db
    .select(columns)
    .from(handlingWastePrices)
    .innerJoin(wastes, eq(wastes.id, handlingWastePrices.wasteId))
    .leftJoin(unitMeasures, eq(unitMeasures.id, handlingWastePrices.unitMeasureId))
    .where(eq(handlingWastePrices.id, id));
  if (!row) throw new AppError('not_found', 'Handling-waste unit price not found');
  return row;
}

/**
 * Checks the waste and unit exist and the period overlaps no other price of the waste. The waste's row
 * is locked first, so two concurrent writes for one waste are checked one after the other.
 */
async function checkPrice(tx: Tx, body: HandlingWastePriceRequest, excludeId = 0) {
  const [waste] = await tx
    .select({ id: wastes.id })
    .from(wastes)
    .where(eq(wastes.id, body.wasteId))
    .for('update');
  if (!waste) throw fieldError('not_found', 'wasteId');
  if (body.unitMeasureId) {
    const [unit] = await tx
      .select({ id: unitMeasures.id })
      .from(unitMeasures)
      .where(eq(unitMeasures.id, body.unitMeasureId));
    if (!unit) throw fieldError('not_found', 'unitMeasureId');
  }
  await refuseStoredOverlap(
    tx,
    handlingWastePrices,
    eq(handlingWastePrices.wasteId, body.wasteId),
    body,
    excludeId,
  );
}

const values = (body: HandlingWastePriceRequest) => ({
  wasteId: body.wasteId,
  unitMeasureId: body.unitMeasureId ?? null,
  unitPrice: body.unitPrice,
  validFrom: body.validFrom,
  validTo: body.validTo ?? null,
});

export async function createHandlingWastePrice(
  app: FastifyInstance,
  caller: Caller,
  body: HandlingWastePriceRequest,
): Promise<HandlingWastePrice> {
  refuseInvalidPeriod(body);
  const id = await app.db.transaction(async (tx) => {
    await checkPrice(tx, body);
    const [row] = await tx
      .insert(handlingWastePrices)
      .values(values(body))
      .returning({ id: handlingWastePrices.id });
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, caller, {
      action: 'create',
      entity: 'handling_waste_price',
      entityId: row.id,
      detail: values(body),
    });
    return row.id;
  });
  return getHandlingWastePrice(app.db, id);
}

export async function updateHandlingWastePrice(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  body: HandlingWastePriceRequest,
): Promise<HandlingWastePrice> {
  refuseInvalidPeriod(body);
  await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: handlingWastePrices.id })
      .from(handlingWastePrices)
      .where(eq(handlingWastePrices.id, id))
      .for('update');
    if (!current) throw new AppError('not_found', 'Handling-waste unit price not found');
    await checkPrice(tx, body, id);
    await tx.update(handlingWastePrices).set(values(body)).where(eq(handlingWastePrices.id, id));
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'handling_waste_price',
      entityId: id,
      detail: values(body),
    });
  });
  return getHandlingWastePrice(app.db, id);
}

export async function deleteHandlingWastePrice(
  app: FastifyInstance,
  caller: Caller,
  id: number,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(handlingWastePrices)
      .where(eq(handlingWastePrices.id, id))
      .returning({ id: handlingWastePrices.id, wasteId: handlingWastePrices.wasteId });
    if (!deleted) throw new AppError('not_found', 'Handling-waste unit price not found');
    await recordAudit(tx, caller, {
      action: 'delete',
      entity: 'handling_waste_price',
      entityId: id,
      detail: { wasteId: deleted.wasteId },
    });
  });
}
