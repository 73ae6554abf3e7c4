import {
  type HandlingWastePrice,
  type HandlingWastePricePage,
  type HandlingWastePriceRequest,
  isValidPeriod,
  periodsOverlap,
} from '@junkan/shared';
import { and, asc, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { handlingWastePrices, unitMeasures, wastes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf } from '../../lib/paging';
import { inEffectOn } from '../../lib/validity';
import type { Caller } from '../../plugins/auth';

export interface HandlingWastePriceListQuery {
  page: number;
  size: number;
  keyword?: string;
  currentOnly?: boolean;
  sort: 'wasteName' | 'unitPrice' | 'validFrom';
  order: 'asc' | 'desc';
}

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

const fieldError = (code: 'not_found' | 'invalid_period' | 'period_overlap', field: string) =>
  new AppError(code, code, { [field]: code });

/** The platform's handling-waste unit prices, with the waste's name, paged and sorted. */
export async function listHandlingWastePrices(
  db: DbOrTx,
  query: HandlingWastePriceListQuery,
  today: string,
): Promise<HandlingWastePricePage> {
  const conditions: (SQL | undefined)[] = [];
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    conditions.push(or(ilike(wastes.name, like), ilike(wastes.wasteCode, like)));
  }
  if (query.currentOnly) {
    conditions.push(inEffectOn(handlingWastePrices.validFrom, handlingWastePrices.validTo, today));
  }
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const sortColumn = {
    wasteName: wastes.name,
    unitPrice: handlingWastePrices.unitPrice,
    validFrom: handlingWastePrices.validFrom,
  }[query.sort];
  const items = await db
    .select(columns)
    .from(handlingWastePrices)
    .innerJoin(wastes, eq(wastes.id, handlingWastePrices.wasteId))
    .leftJoin(unitMeasures, eq(unitMeasures.id, handlingWastePrices.unitMeasureId))
    .where(where)
    .orderBy(
      direction(sortColumn),
      asc(wastes.wasteCode),
      asc(handlingWastePrices.validFrom),
      asc(handlingWastePrices.id),
    )
    .limit(query.size)
    .offset(offsetOf(query));
  const [total] = await db
    .select({ n: count() })
    .from(handlingWastePrices)
    .innerJoin(wastes, eq(wastes.id, handlingWastePrices.wasteId))
    .where(where);
  return { items, total: total?.n ?? 0, page: query.page, size: query.size };
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
  const others = await tx
    .select({ validFrom: handlingWastePrices.validFrom, validTo: handlingWastePrices.validTo })
    .from(handlingWastePrices)
    .where(and(eq(handlingWastePrices.wasteId, body.wasteId), ne(handlingWastePrices.id, excludeId)));
  if (others.some((o) => periodsOverlap(o, body))) throw fieldError('period_overlap', 'validFrom');
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
  if (!isValidPeriod(body)) throw fieldError('invalid_period', 'validTo');
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
  if (!isValidPeriod(body)) throw fieldError('invalid_period', 'validTo');
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
