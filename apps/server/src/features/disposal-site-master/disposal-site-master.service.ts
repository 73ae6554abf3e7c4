import type {
  DisposalSite,
  DisposalSiteListQuery,
  DisposalSiteValues,
} from '@junkan/shared/api/disposal-sites';
import { nextSequentialCode } from '@junkan/shared/sequential-code';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { disposalMethods, disposalSites, manifests, transportOperatorProfiles } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';

const columns = {
  id: disposalSites.id,
  code: disposalSites.code,
  name: disposalSites.name,
  city: disposalSites.city,
  address1: disposalSites.address1,
  address2: disposalSites.address2,
  address3: disposalSites.address3,
  licenseNumber: disposalSites.licenseNumber,
  expireDate: disposalSites.expireDate,
  disposalMethodId: disposalSites.disposalMethodId,
  method: disposalMethods.method,
  capacity: disposalSites.capacity,
  subscriberNumber: disposalSites.subscriberNumber,
  manifestPermitNumber: disposalSites.manifestPermitNumber,
  updatedAt: disposalSites.updatedAt,
};

type Row = Omit<DisposalSite, 'updatedAt'> & { updatedAt: Date };
const toDto = (row: Row): DisposalSite => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/** Codes are digits; ordering by length first keeps 100000 after 99999. */
const codeOrder = (dir: 'asc' | 'desc') => {
  const by = dir === 'asc' ? asc : desc;
  return [by(sql`length(${disposalSites.code})`), by(disposalSites.code)];
};

const sortColumns = {
  name: disposalSites.name,
  city: disposalSites.city,
  expireDate: disposalSites.expireDate,
  updatedAt: disposalSites.updatedAt,
} as const;

export async function listDisposalSites(db: DbOrTx, q: DisposalSiteListQuery) {
  const conditions: SQL[] = [];
  if (q.query) {
    const p = containsPattern(q.query);
    conditions.push(
      or(
        ilike(disposalSites.code, p),
        ilike(disposalSites.name, p),
        ilike(disposalSites.city, p),
        ilike(disposalSites.address1, p),
        ilike(disposalSites.address2, p),
        ilike(disposalSites.address3, p),
        ilike(disposalSites.licenseNumber, p),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const by = q.order === 'desc' ? desc : asc;
  const orderBy = q.sort === 'code' ? codeOrder(q.order) : [by(sortColumns[q.sort]), ...codeOrder('asc')];
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(disposalSites)
      .leftJoin(disposalMethods, eq(disposalMethods.id, disposalSites.disposalMethodId))
      .where(where)
      .orderBy(...orderBy)
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(disposalSites).where(where),
  ]);
  return { items: rows.map(toDto), total: total?.total ?? 0, page: q.page, size: q.size };
}

export async function getLastDisposalSiteCode(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ code: disposalSites.code })
    .from(disposalSites)
    .orderBy(...codeOrder('desc'))
    .limit(1);
  return row?.code ?? null;
}

async function findDisposalSite(db: DbOrTx, id: number): Promise<DisposalSite> {
  const [row] = await db
    .select(columns)
    .from(disposalSites)
    .leftJoin(disposalMethods, eq(disposalMethods.id, disposalSites.disposalMethodId))
    .where(eq(disposalSites.id, id));
  if (!row) throw new AppError('not_found', 'Disposal site not found');
  return toDto(row);
}

async function assertMethodExists(db: DbOrTx, methodId: number | null) {
  if (methodId == null) return;
  const method = await db.query.disposalMethods.findFirst({
    columns: { id: true },
    where: eq(disposalMethods.id, methodId),
  });
  if (!method) throw fieldError('disposalMethodId', 'not_found');
}

const CODE_ATTEMPTS = 5;

/**
 * POST /disposal-site-master: numbers the site after the last code. Two concurrent creates may read the
 * same last code; the unique index refuses the second, which retries with the next number.
 */
export async function createDisposalSite(app: FastifyInstance, caller: Caller, input: DisposalSiteValues) {
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await app.db.transaction(async (tx) => {
        await assertMethodExists(tx, input.disposalMethodId);
        const code = nextSequentialCode(await getLastDisposalSiteCode(tx));
        const [row] = await tx
          .insert(disposalSites)
          .values({ ...input, code })
          .returning({ id: disposalSites.id });
        await recordAudit(tx, caller, {
          action: 'create',
          entity: 'disposal_site',
          entityId: row!.id,
          detail: { code },
        });
        return row!.id;
      });
      return findDisposalSite(app.db, id);
    } catch (err) {
      if (uniqueViolation(err) === 'disposal_sites_code_unique' && attempt < CODE_ATTEMPTS) continue;
      throw err;
    }
  }
}

export async function updateDisposalSite(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  input: DisposalSiteValues,
) {
  await app.db.transaction(async (tx) => {
    await assertMethodExists(tx, input.disposalMethodId);
    const updated = await tx
      .update(disposalSites)
      .set({ ...input, updatedAt: app.now() })
      .where(eq(disposalSites.id, id))
      .returning({ id: disposalSites.id });
    if (!updated.length) throw new AppError('not_found', 'Disposal site not found');
    await recordAudit(tx, caller, { action: 'update', entity: 'disposal_site', entityId: id });
  });
  return findDisposalSite(app.db, id);
}

/**
 * DELETE /disposal-site-master/{id}: refused while a transport operator names the site as its destination or a
 * manifest names it.
 */
export async function deleteDisposalSite(app: FastifyInstance, caller: Caller, id: number) {
  try {
    await app.db.transaction(async (tx) => {
      const [usage] = await tx
        .select({ n: count() })
        .from(transportOperatorProfiles)
        .where(eq(transportOperatorProfiles.destinationDisposalSiteId, id));
      if (usage && usage.n > 0) {
        throw new AppError('in_use_cannot_delete', 'Disposal site in use', undefined, {
          usedBy: 'transportOperators',
        });
      }
      // Manifests keep the site they named (kept five years).
      const [named] = await tx.select({ n: count() }).from(manifests).where(eq(manifests.disposalSiteId, id));
      if (named && named.n > 0) {
        throw new AppError('in_use_cannot_delete', 'Disposal site in use', undefined, {
          usedBy: 'manifests',
        });
      }
      const deleted = await tx
        .delete(disposalSites)
        .where(eq(disposalSites.id, id))
        .returning({ code: disposalSites.code, name: disposalSites.name });
      if (!deleted.length) throw new AppError('not_found', 'Disposal site not found');
      await recordAudit(tx, caller, {
        action: 'delete',
        entity: 'disposal_site',
        entityId: id,
        detail: { code: deleted[0]!.code, name: deleted[0]!.name },
      });
    });
  } catch (err) {
    // A profile or a manifest saved between the check and the delete: the foreign key refuses the delete.
    if (foreignKeyViolation(err) != null) {
      throw new AppError('in_use_cannot_delete', 'Disposal site in use', undefined, {
        usedBy: 'otherData',
      });
    }
    throw err;
  }
  return { result: true };
}
