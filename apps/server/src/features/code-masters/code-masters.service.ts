import { CODE_MASTER_CODE_WIDTH } from '@junkan/shared/api/code-masters';
import { nextSequentialCode } from '@junkan/shared/sequential-code';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  collectionAreaPrices,
  disposalMethods,
  disposalSites,
  disposalUnitPrices,
  handlingWastePrices,
  packingStyles,
  unitMeasures,
} from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { refuseWhileUsed, rethrowAsInUse, type Usage } from '../../lib/usages';
import type { Caller } from '../../plugins/auth';

type CodeTable = typeof unitMeasures | typeof packingStyles | typeof disposalMethods;

/** One small master: its table, the name column the user types, and what refers to its rows. */
export interface CodeMaster<T extends CodeTable> {
  entity: string;
  table: T;
  /** The typed name: `unit`, `style` or `method` (a field of the request and of the answer). */
  nameField: 'unit' | 'style' | 'method';
  nameColumn: PgColumn;
  codeConstraint: string;
  nameConstraint: string;
  usages: Usage[];
}

export const UNIT_MEASURE_MASTER: CodeMaster<typeof unitMeasures> = {
  entity: 'unit_measure',
  table: unitMeasures,
  nameField: 'unit',
  nameColumn: unitMeasures.unit,
  codeConstraint: 'unit_measures_code_unique',
  nameConstraint: 'unit_measures_unit_unique',
  usages: [
    {
      usedBy: 'collectionAreaPrices',
      table: collectionAreaPrices,
      column: collectionAreaPrices.unitMeasureId,
      constraint: 'collection_area_prices_unit_measure_id',
    },
    {
      usedBy: 'handlingWastePrices',
      table: handlingWastePrices,
      column: handlingWastePrices.unitMeasureId,
      constraint: 'handling_waste_prices_unit_measure_id',
    },
    {
      usedBy: 'disposalUnitPrices',
      table: disposalUnitPrices,
      column: disposalUnitPrices.unitMeasureId,
      constraint: 'disposal_unit_prices_unit_measure_id',
    },
  ],
};

export const PACKING_STYLE_MASTER: CodeMaster<typeof packingStyles> = {
  entity: 'packing_style',
  table: packingStyles,
  nameField: 'style',
  nameColumn: packingStyles.style,
  codeConstraint: 'packing_styles_code_unique',
  nameConstraint: 'packing_styles_style_unique',
  // Nothing refers to packing styles yet (quote lines will).
  usages: [],
};

export const DISPOSAL_METHOD_MASTER: CodeMaster<typeof disposalMethods> = {
  entity: 'disposal_method',
  table: disposalMethods,
  nameField: 'method',
  nameColumn: disposalMethods.method,
  codeConstraint: 'disposal_methods_code_unique',
  nameConstraint: 'disposal_methods_method_unique',
  usages: [
    {
      usedBy: 'disposalSites',
      table: disposalSites,
      column: disposalSites.disposalMethodId,
      constraint: 'disposal_sites_disposal_method_id',
    },
  ],
};

type Row<T extends CodeTable> = T['$inferSelect'];
/** What the user sends: the name field (and, for units, `isCount`). */
type Values<T extends CodeTable> = Omit<T['$inferInsert'], 'id' | 'code' | 'createdAt'>;

/** GET list: every row, by code (the masters are small). */
export async function listCodeMaster<T extends CodeTable>(
  db: DbOrTx,
  master: CodeMaster<T>,
): Promise<Row<T>[]> {
  const table = master.table as typeof unitMeasures;
  return (await db.select().from(table).orderBy(asc(table.code))) as Row<T>[];
}

/** GET last-code: the highest code so far, ordered as numbers (`1000` after `999`); null when empty. */
export async function findLastCode(db: DbOrTx, master: CodeMaster<CodeTable>): Promise<string | null> {
  const table = master.table as typeof unitMeasures;
  const [row] = await db
    .select({ code: table.code })
    .from(table)
    .orderBy(desc(sql`length(${table.code})`), desc(table.code))
    .limit(1);
  return row?.code ?? null;
}

function mapConflict(master: CodeMaster<CodeTable>, err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === master.nameConstraint) throw fieldError(master.nameField, 'name_already_used');
  if (constraint === master.codeConstraint) throw new AppError('code_already_used', 'Code already used');
  throw err;
}

/**
 * POST: a new row numbered with the code after the last one. Two creates at once may compute the same
 * code; the unique index refuses the second, which tries once more with a fresh code. A name already
 * used answers 409 name_already_used.
 */
export async function createCodeMasterRow<T extends CodeTable>(
  app: FastifyInstance,
  caller: Caller,
  master: CodeMaster<T>,
  values: Values<T>,
): Promise<Row<T>> {
  const table = master.table as typeof unitMeasures;
  const attempt = () =>
    app.db.transaction(async (tx) => {
      const code = nextSequentialCode(await findLastCode(tx, master), CODE_MASTER_CODE_WIDTH);
      const [row] = await tx
        .insert(table)
        .values({ ...(values as Values<typeof unitMeasures>), code })
        .returning();
      await recordAudit(tx, caller, {
        action: 'create',
        entity: master.entity,
        entityId: row!.id,
        detail: { code, ...values },
      });
      return row as Row<T>;
    });
  try {
    return await attempt();
  } catch (err) {
    if (uniqueViolation(err) !== master.codeConstraint) mapConflict(master, err);
  }
  try {
    return await attempt();
  } catch (err) {
    mapConflict(master, err);
  }
}

/** PUT: changes the name (and, for units, `isCount`); the code stays. */
export async function updateCodeMasterRow<T extends CodeTable>(
  app: FastifyInstance,
  caller: Caller,
  master: CodeMaster<T>,
  id: number,
  values: Values<T>,
): Promise<Row<T>> {
  const table = master.table as typeof unitMeasures;
  try {
    return await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(table)
        .set(values as Values<typeof unitMeasures>)
        .where(eq(table.id, id))
        .returning();
      if (!row) throw new AppError('not_found', 'Not found');
      await recordAudit(tx, caller, {
        action: 'update',
        entity: master.entity,
        entityId: id,
        detail: values,
      });
      return row as Row<T>;
    });
  } catch (err) {
    mapConflict(master, err);
  }
}

/** DELETE: refused (409 in_use_cannot_delete, params.usedBy) while another row refers to it. */
export async function deleteCodeMasterRow(
  app: FastifyInstance,
  caller: Caller,
  master: CodeMaster<CodeTable>,
  id: number,
): Promise<{ result: true }> {
  const table = master.table as typeof unitMeasures;
  try {
    await app.db.transaction(async (tx) => {
      const [current] = await tx.select().from(table).where(eq(table.id, id));
      if (!current) throw new AppError('not_found', 'Not found');
      await refuseWhileUsed(tx, master.usages, id);
      await tx.delete(table).where(eq(table.id, id));
      await recordAudit(tx, caller, {
        action: 'delete',
        entity: master.entity,
        entityId: id,
        detail: { code: current.code },
      });
    });
  } catch (err) {
    // A reference added meanwhile: its foreign key refuses the delete.
    rethrowAsInUse(err, master.usages, 'otherData');
  }
  return { result: true };
}
