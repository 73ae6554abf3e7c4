import type {
  DisposalPermitKinds,
  DisposalUnitPrice,
  DisposalUnitPriceListQuery,
  DisposalUnitPricePage,
  DisposalUnitPriceRequest,
} from '@junkan/shared/api/disposal-unit-prices';
import { holdsDisposalPermit, majorClassOf } from '@junkan/shared/rules/combined-unit-price';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { companies, disposalUnitPrices, unitMeasures, wastes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import {
  countPeriodPrices,
  periodPriceList,
  refuseInvalidPeriod,
  refuseStoredOverlap,
} from '../../lib/period-prices';
import type { Caller } from '../../plugins/auth';
import { coveragePermitsOf } from '../permit-core/permit-records';

const columns = {
  id: disposalUnitPrices.id,
  wasteId: disposalUnitPrices.wasteId,
  wasteName: wastes.name,
  wasteCode: wastes.wasteCode,
  wasteCategory: wastes.category,
  unitMeasureId: disposalUnitPrices.unitMeasureId,
  unit: unitMeasures.unit,
  unitPrice: disposalUnitPrices.unitPrice,
  validFrom: disposalUnitPrices.validFrom,
  validTo: disposalUnitPrices.validTo,
  updatedAt: disposalUnitPrices.updatedAt,
};

type Row = Omit<DisposalUnitPrice, 'updatedAt'> & { updatedAt: Date };
const toPrice = ({ updatedAt, ...row }: Row): DisposalUnitPrice => ({
  ...row,
  updatedAt: updatedAt.toISOString(),
});

const NOT_FOUND = 'Disposal unit price not found';
const fieldError = (code: 'not_found' | 'disposal_permit_required', field: string) =>
  new AppError(code, code, { [field]: code });

const priceRows = (db: DbOrTx) =>
  db
    .select(columns)
    .from(disposalUnitPrices)
    .innerJoin(wastes, eq(wastes.id, disposalUnitPrices.wasteId))
    .innerJoin(unitMeasures, eq(unitMeasures.id, disposalUnitPrices.unitMeasureId));

/** The company's disposal unit prices with the waste's name and the unit, paged and sorted. */
export async function listDisposalUnitPrices(
  db: DbOrTx,
  companyId: number,
  query: DisposalUnitPriceListQuery,
  today: string,
): Promise<DisposalUnitPricePage> {
  const list = periodPriceList(disposalUnitPrices, query, today, {
    scope: eq(disposalUnitPrices.transportCompanyId, companyId),
    series: [wastes.wasteCode, unitMeasures.id],
  });
  const rows = await priceRows(db)
    .where(list.where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  const total = await countPeriodPrices(db, disposalUnitPrices, list.where);
  return { items: rows.map(toPrice), total, page: query.page, size: query.size };
}

/**
 * GET /trans/disposal-unit-prices/permits: the major classes the company's live disposal permits cover today, by
 * name; empty when it holds none (the screen then says why it cannot register a price).
 */
export async function disposalPermitKinds(
  db: DbOrTx,
  companyId: number,
  today: string,
): Promise<DisposalPermitKinds> {
  const permits = await coveragePermitsOf(db, companyId);
  const ids = [
    ...new Set(
      permits.flatMap((p) => p.wasteKindIds).filter((id) => holdsDisposalPermit(permits, id, today)),
    ),
  ];
  if (ids.length === 0) return { wasteKinds: [] };
  const rows = await db
    .select({ id: wastes.id, name: wastes.name })
    .from(wastes)
    .where(inArray(wastes.id, ids))
    .orderBy(asc(wastes.sortOrder), asc(wastes.wasteCode));
  return { wasteKinds: rows };
}

async function getDisposalUnitPrice(db: DbOrTx, companyId: number, id: number) {
  const [row] = await priceRows(db).where(
    and(eq(disposalUnitPrices.id, id), eq(disposalUnitPrices.transportCompanyId, companyId)),
  );
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return toPrice(row);
}

/**
 * Serializes writes to one company's prices (row lock on the company), then checks the waste and unit exist,
 * that a live disposal permit of the company covers the waste's major class on the price's first day (the
 * shared holdsDisposalPermit), and that the period overlaps no other price of the same waste and unit (the
 * price-master kit's refuseStoredOverlap).
 */
async function checkPrice(tx: Tx, companyId: number, body: DisposalUnitPriceRequest, excludeId = 0) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const [waste] = await tx
    .select({ id: wastes.id, parentPath: wastes.parentPath })
    .from(wastes)
    .where(eq(wastes.id, body.wasteId));
  if (!waste) throw fieldError('not_found', 'wasteId');
  const permits = await coveragePermitsOf(tx, companyId);
  if (!holdsDisposalPermit(permits, majorClassOf(waste), body.validFrom))
    throw fieldError('disposal_permit_required', 'wasteId');
  const [unit] = await tx
    .select({ id: unitMeasures.id })
    .from(unitMeasures)
    .where(eq(unitMeasures.id, body.unitMeasureId));
  if (!unit) throw fieldError('not_found', 'unitMeasureId');
  await refuseStoredOverlap(
    tx,
    disposalUnitPrices,
    and(
      eq(disposalUnitPrices.transportCompanyId, companyId),
      eq(disposalUnitPrices.wasteId, body.wasteId),
      eq(disposalUnitPrices.unitMeasureId, body.unitMeasureId),
    ),
    body,
    excludeId,
  );
}

const values = (body: DisposalUnitPriceRequest) => ({
  wasteId: body.wasteId,
  unitMeasureId: body.unitMeasureId,
  unitPrice: body.unitPrice,
  validFrom: body.validFrom,
  validTo: body.validTo ?? null,
});

export async function createDisposalUnitPrice(
  app: FastifyInstance,
  caller: Caller,
  body: DisposalUnitPriceRequest,
): Promise<DisposalUnitPrice> {
  const { companyId } = caller;
  refuseInvalidPeriod(body);
  const id = await app.db.transaction(async (tx) => {
    await checkPrice(tx, companyId, body);
    const [row] = await tx
      .insert(disposalUnitPrices)
      .values({ transportCompanyId: companyId, ...values(body) })
      .returning({ id: disposalUnitPrices.id });
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, caller, {
      action: 'create',
      entity: 'disposal_unit_price',
      entityId: row.id,
      detail: values(body),
    });
    return row.id;
  });
  return getDisposalUnitPrice(app.db, companyId, id);
}

export async function updateDisposalUnitPrice(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  body: DisposalUnitPriceRequest,
): Promise<DisposalUnitPrice> {
  const { companyId } = caller;
  refuseInvalidPeriod(body);
  await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: disposalUnitPrices.id })
      .from(disposalUnitPrices)
      .where(and(eq(disposalUnitPrices.id, id), eq(disposalUnitPrices.transportCompanyId, companyId)))
      .for('update');
    if (!current) throw new AppError('not_found', NOT_FOUND);
    await checkPrice(tx, companyId, body, id);
    await tx
      .update(disposalUnitPrices)
      .set({ ...values(body), updatedAt: app.now() })
      .where(eq(disposalUnitPrices.id, id));
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'disposal_unit_price',
      entityId: id,
      detail: values(body),
    });
  });
  return getDisposalUnitPrice(app.db, companyId, id);
}

export async function deleteDisposalUnitPrice(
  app: FastifyInstance,
  caller: Caller,
  id: number,
): Promise<void> {
  const { companyId } = caller;
  await app.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(disposalUnitPrices)
      .where(and(eq(disposalUnitPrices.id, id), eq(disposalUnitPrices.transportCompanyId, companyId)))
      .returning({ id: disposalUnitPrices.id, wasteId: disposalUnitPrices.wasteId });
    if (!deleted) throw new AppError('not_found', NOT_FOUND);
    await recordAudit(tx, caller, {
      action: 'delete',
      entity: 'disposal_unit_price',
      entityId: id,
      detail: { wasteId: deleted.wasteId },
    });
  });
}
