import type {
  WasteItem,
  WasteManagePage,
  WasteRequest,
  WasteSortField,
  wasteManageQuerySchema,
} from '@junkan/shared/api/waste';
import { parseParentPath, placeWaste, type WasteCategory } from '@junkan/shared/waste-tree';
import { and, asc, count, desc, eq, ilike, inArray, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { collectionAreaPrices, disposalUnitPrices, handlingWastePrices, wastes } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { offsetOf } from '../../lib/paging';
import { refuseWhileUsed, rethrowAsInUse } from '../../lib/usages';
import type { Caller } from '../../plugins/auth';

type WasteRow = typeof wastes.$inferSelect;

// The outer column is spelled out: inside the subquery drizzle would print it unqualified (the child's id).
const hasChildren =
  sql<boolean>`exists (select 1 from ${wastes} c where c.parent_id = "wastes"."id")`.mapWith(Boolean);

/** Numeric columns come back as text: numbers (or null) at the edge. */
const toNumber = (value: string | null) => (value == null ? null : Number(value));
const toFactor = (value: number | null) => (value == null ? null : value.toFixed(4));

function toItem(row: WasteRow & { hasChildren: boolean }): WasteItem {
  return {
    id: row.id,
    name: row.name,
    wasteCode: row.wasteCode,
    category: row.category,
    parentId: row.parentId,
    parentPath: row.parentPath,
    level: row.level,
    tPerM3: toNumber(row.tPerM3),
    tPerPiece: toNumber(row.tPerPiece),
    hasChildren: row.hasChildren,
  };
}

const selectWastes = (db: DbOrTx) => db.select({ waste: wastes, hasChildren }).from(wastes);
const flatten = (rows: { waste: WasteRow; hasChildren: boolean }[]) =>
  rows.map((r) => toItem({ ...r.waste, hasChildren: r.hasChildren }));

/** GET /waste: every classification, optionally of one category, in tree order (each node after its parent). */
export async function listWastes(db: DbOrTx, category?: WasteCategory): Promise<WasteItem[]> {
  const items = flatten(
    await selectWastes(db)
      .where(category ? eq(wastes.category, category) : undefined)
      .orderBy(asc(wastes.wasteCode)),
  );
  const byId = new Map(items.map((w) => [w.id, w]));
  const sortKey = (w: WasteItem) =>
    [...(parseParentPath(w.parentPath) ?? []).map((id) => byId.get(id)?.wasteCode ?? ''), w.wasteCode].join(
      '/',
    );
  const keys = new Map(items.map((w) => [w.id, sortKey(w)]));
  return items.sort((a, b) => (keys.get(a.id)! < keys.get(b.id)! ? -1 : 1));
}

/** GET /waste/parent/{id}: the children of a node (id 0: the major classes), by code. */
export async function listWasteChildren(
  db: DbOrTx,
  parentId: number,
  category?: WasteCategory,
): Promise<WasteItem[]> {
  if (parentId > 0) {
    const parent = await db.query.wastes.findFirst({ columns: { id: true }, where: eq(wastes.id, parentId) });
    if (!parent) throw new AppError('not_found', 'Waste not found');
  }
  return flatten(
    await selectWastes(db)
      .where(
        and(
          parentId > 0 ? eq(wastes.parentId, parentId) : isNull(wastes.parentId),
          category ? eq(wastes.category, category) : undefined,
        ),
      )
      .orderBy(asc(wastes.wasteCode)),
  );
}

const SORT_COLUMNS = {
  wasteCode: wastes.wasteCode,
  name: wastes.name,
  level: wastes.level,
  category: wastes.category,
} satisfies Record<WasteSortField, unknown>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /waste/manage: the master list searched by name or code, paged and sorted; rows name their ancestors. */
export async function listWastesForManagement(
  db: DbOrTx,
  query: z.infer<typeof wasteManageQuerySchema>,
): Promise<WasteManagePage> {
  const conditions: (SQL | undefined)[] = [];
  if (query.query) {
    const pattern = `%${escapeLike(query.query)}%`;
    conditions.push(or(ilike(wastes.name, pattern), ilike(wastes.wasteCode, pattern)));
  }
  if (query.category) conditions.push(eq(wastes.category, query.category));
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    selectWastes(db)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), asc(wastes.wasteCode), asc(wastes.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(wastes).where(where),
  ]);
  const items = flatten(rows);
  const ancestorIds = [...new Set(items.flatMap((w) => parseParentPath(w.parentPath) ?? []))];
  const names = new Map(
    ancestorIds.length
      ? (
          await db
            .select({ id: wastes.id, name: wastes.name })
            .from(wastes)
            .where(inArray(wastes.id, ancestorIds))
        ).map((a) => [a.id, a.name])
      : [],
  );
  return {
    items: items.map((w) => ({
      ...w,
      ancestorNames: (parseParentPath(w.parentPath) ?? []).map((id) => names.get(id) ?? ''),
    })),
    total: total?.n ?? 0,
    page: query.page,
    size: query.size,
  };
}

/** GET /waste/check-waste-code/{code}: whether a classification (other than `excludeId`) holds the code. */
export async function isWasteCodeUsed(db: DbOrTx, code: string, excludeId?: number): Promise<boolean> {
  const row = await db.query.wastes.findFirst({
    columns: { id: true },
    where: and(eq(wastes.wasteCode, code.trim()), excludeId ? ne(wastes.id, excludeId) : undefined),
  });
  return !!row;
}

const codeTaken = () => fieldError('wasteCode', 'code_already_used');

/** Unique index on the code -> the field's 409; a parent deleted meanwhile (foreign key) -> parent_not_found. */
function mapWriteError(err: unknown): never {
  if (uniqueViolation(err) === 'wastes_code_unique') throw codeTaken();
  if (foreignKeyViolation(err) != null) throw fieldError('parentPath', 'parent_not_found');
  throw err;
}

async function readItem(db: DbOrTx, id: number): Promise<WasteItem> {
  const [row] = await selectWastes(db).where(eq(wastes.id, id));
  if (!row) throw new AppError('not_found', 'Waste not found');
  return toItem({ ...row.waste, hasChildren: row.hasChildren });
}

/**
 * POST /waste: a classification under the node its `parentPath` names (a major class when empty). The
 * parent must exist one level up; the child takes its category. The code must be free.
 */
export async function createWaste(app: FastifyInstance, caller: Caller, input: WasteRequest) {
  try {
    return await app.db.transaction(async (tx) => {
      const ids = parseParentPath(input.parentPath);
      const parentId = ids?.at(-1);
      const parent = parentId
        ? ((await tx.query.wastes.findFirst({ where: eq(wastes.id, parentId) })) ?? null)
        : null;
      const placement = placeWaste(input, parent);
      if (!placement.ok) throw fieldError(placement.field, placement.code);
      if (await isWasteCodeUsed(tx, input.wasteCode)) throw codeTaken();
      const [row] = await tx
        .insert(wastes)
        .values({
          category: placement.category ?? input.category ?? 'INDUSTRIAL',
          name: input.name,
          wasteCode: input.wasteCode,
          parentId: placement.parentId,
          parentPath: placement.parentPath,
          level: placement.level,
          tPerM3: toFactor(input.tPerM3),
          tPerPiece: toFactor(input.tPerPiece),
        })
        .returning({ id: wastes.id });
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'waste',
        entityId: row!.id,
        detail: { wasteCode: input.wasteCode, parentId: placement.parentId },
      });
      return readItem(tx, row!.id);
    });
  } catch (err) {
    mapWriteError(err);
  }
}

/**
 * PUT /waste/{id}: name, code and conversion factors. A classification does not move: `parentPath` and
 * `level` must be its own. A major class may change category, and its descendants follow.
 */
export async function updateWaste(app: FastifyInstance, caller: Caller, id: number, input: WasteRequest) {
  try {
    return await app.db.transaction(async (tx) => {
      const current = await tx.query.wastes.findFirst({ where: eq(wastes.id, id) });
      if (!current) throw new AppError('not_found', 'Waste not found');
      const ids = parseParentPath(input.parentPath);
      if (ids === null || ids.join('/') !== (parseParentPath(current.parentPath) ?? []).join('/'))
        throw fieldError('parentPath', 'invalid_format');
      if (input.level !== current.level) throw fieldError('level', 'invalid_format');
      if (await isWasteCodeUsed(tx, input.wasteCode, id)) throw codeTaken();
      const category = current.level === 1 ? (input.category ?? current.category) : current.category;
      await tx
        .update(wastes)
        .set({
          name: input.name,
          wasteCode: input.wasteCode,
          category,
          tPerM3: toFactor(input.tPerM3),
          tPerPiece: toFactor(input.tPerPiece),
          updatedAt: app.now(),
        })
        .where(eq(wastes.id, id));
      if (category !== current.category) {
        await tx
          .update(wastes)
          .set({ category, updatedAt: app.now() })
          .where(like(wastes.parentPath, `/${id}/%`));
      }
      await recordAudit(tx, caller, {
        action: 'update',
        entity: 'waste',
        entityId: id,
        detail: { wasteCode: input.wasteCode, category },
      });
      return readItem(tx, id);
    });
  } catch (err) {
    mapWriteError(err);
  }
}

/** What keeps a classification from being deleted, checked in this order; `constraint` names its foreign key. */
const WASTE_USAGES = [
  { usedBy: 'wasteChildren', table: wastes, column: wastes.parentId, constraint: 'wastes_parent_id' },
  {
    usedBy: 'collectionAreaPrices',
    table: collectionAreaPrices,
    column: collectionAreaPrices.wasteId,
    constraint: 'collection_area_prices_waste_id',
  },
  {
    usedBy: 'handlingWastePrices',
    table: handlingWastePrices,
    column: handlingWastePrices.wasteId,
    constraint: 'handling_waste_prices_waste_id',
  },
  {
    usedBy: 'disposalUnitPrices',
    table: disposalUnitPrices,
    column: disposalUnitPrices.wasteId,
    constraint: 'disposal_unit_prices_waste_id',
  },
] as const;

/** DELETE /waste/{id}: refused while it has children or prices refer to it. */
export async function deleteWaste(app: FastifyInstance, caller: Caller, id: number) {
  try {
    await app.db.transaction(async (tx) => {
      const current = await tx.query.wastes.findFirst({
        columns: { id: true, wasteCode: true },
        where: eq(wastes.id, id),
      });
      if (!current) throw new AppError('not_found', 'Waste not found');
      await refuseWhileUsed(tx, WASTE_USAGES, id);
      await tx.delete(wastes).where(eq(wastes.id, id));
      await recordAudit(tx, caller, {
        action: 'delete',
        entity: 'waste',
        entityId: id,
        detail: { wasteCode: current.wasteCode },
      });
    });
  } catch (err) {
    // A child or price added meanwhile: the foreign key refuses the delete.
    rethrowAsInUse(err, WASTE_USAGES, 'wasteChildren');
  }
  return { result: true };
}
