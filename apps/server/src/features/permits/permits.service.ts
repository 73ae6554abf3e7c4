/**
 * A transporter's permits (許可証): list, register, update, retire and the PDF copy. Every rule is checked here:
 * the input by the shared schema, its dates by the shared range (`permitDateIssues`), the waste kinds against the
 * waste master's industrial major classes, the same license number in the same district (among live permits of
 * every company) refused, exactly one PDF. Another company's permit is not found.
 */

import type { ContractCoverageGap } from '@junkan/shared/api/permit-coverage';
import type {
  Permit,
  PermitValues,
  permitListQuerySchema,
  UsablePermitQuery,
} from '@junkan/shared/api/permits';
import { addDays } from '@junkan/shared/contract-rules';
import {
  PERMIT_WASTE_CATEGORY,
  permitDateIssues,
  permitExpiryStep,
  permitExpiryStepRank,
} from '@junkan/shared/rules/permit-rules';
import { and, asc, count, eq, gte, ilike, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { attachments, permits, wastes } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf, orderOf } from '../../lib/paging';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { openStoredFile, type StoredFile, storedFileColumns } from '../../plugins/file-storage';
import {
  PERMIT_OWNER,
  PERMIT_REPLACED_OWNER,
  type PermitRow,
  toPermits,
} from '../permit-core/permit-records';
import { contractsInForceCoverage } from '../permit-core/project-coverage';

type ListQuery = z.output<typeof permitListQuerySchema>;

const today = (app: FastifyInstance) => tokyoDate(app.now());

const SORT = {
  expiryDate: permits.expiryDate,
  issueDate: permits.issueDate,
  licenseNumber: permits.licenseNumber,
  districtCode: permits.districtCode,
  updatedAt: permits.updatedAt,
};

/** GET /trans/permits: the company's permits, live ones unless retired=true. */
export async function listPermits(app: FastifyInstance, companyId: number, query: ListQuery) {
  const on = today(app);
  const conditions: SQL[] = [eq(permits.companyId, companyId)];
  conditions.push(query.retired === 'true' ? isNotNull(permits.retiredAt) : isNull(permits.retiredAt));
  if (query.expiring === 'true') conditions.push(lte(permits.expiryDate, addDays(on, 90)));
  if (query.query) conditions.push(ilike(permits.licenseNumber, containsPattern(query.query)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    app.db
      .select()
      .from(permits)
      .where(where)
      .orderBy(...orderOf(SORT, query.sort, query.order, permits.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    app.db.select({ total: count() }).from(permits).where(where),
  ]);
  return {
    items: await toPermits(app.db, rows, on),
    total: total?.total ?? 0,
    page: query.page,
    size: query.size,
  };
}

/** The company's permit by id, locked when `tx` asks; another company's or an unknown id is 404. */
async function permitOf(db: DbOrTx, companyId: number, id: number, lock = false): Promise<PermitRow> {
  const q = db
    .select()
    .from(permits)
    .where(and(eq(permits.id, id), eq(permits.companyId, companyId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('permit_not_found', 'Permit not found');
  return row;
}

export async function getPermit(app: FastifyInstance, companyId: number, id: number): Promise<Permit> {
  const row = await permitOf(app.db, companyId, id);
  const [permit] = await toPermits(app.db, [row], today(app));
  return permit!;
}

/**
 * The waste kinds must be major classes (level 1) of the waste master, of industrial waste: a municipal waste
 * category (可燃ごみ...) belongs to a municipality's permit, not to one of these (PERMIT_WASTE_CATEGORY).
 */
async function checkWasteKinds(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: wastes.id, category: wastes.category })
    .from(wastes)
    .where(and(inArray(wastes.id, ids), eq(wastes.level, 1)));
  if (rows.length !== ids.length) throw fieldError('wasteKindIds', 'waste_kind_not_major');
  if (rows.some((w) => w.category !== PERMIT_WASTE_CATEGORY))
    throw fieldError('wasteKindIds', 'waste_kind_not_industrial');
}

/** The dates within the plausible range on the business today (`permitDateIssues`), each on its field. */
function checkDates(app: FastifyInstance, values: PermitValues) {
  const issues = permitDateIssues(values, today(app));
  const [first] = issues;
  if (first)
    throw new AppError(first.code, first.code, Object.fromEntries(issues.map((i) => [i.path, i.code])));
}

/** Same district and license number among live permits (any company): 409 license_already_used. */
async function checkUnique(tx: Tx, values: PermitValues, exceptId?: number) {
  const same = await tx
    .select({ id: permits.id })
    .from(permits)
    .where(
      and(
        eq(permits.districtCode, values.districtCode),
        eq(permits.licenseNumber, values.licenseNumber),
        isNull(permits.retiredAt),
      ),
    );
  if (same.some((s) => s.id !== exceptId)) throw alreadyUsed();
}

const alreadyUsed = () =>
  new AppError('license_already_used', 'License already used', {
    licenseNumber: 'license_already_used',
    districtCode: 'license_already_used',
  });

/** Writes, and turns the unique index's refusal (a concurrent registration) into the same 409. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error)) throw alreadyUsed();
    throw error;
  }
}

async function insertFile(tx: Tx, caller: Caller, permitId: number, file: StoredFile) {
  await tx
    .insert(attachments)
    .values({ ownerType: PERMIT_OWNER, ownerId: permitId, ...file, createdBy: caller.session.userId });
}

const columnsOf = (v: PermitValues) => ({
  districtCode: v.districtCode,
  licenseNumber: v.licenseNumber,
  kind: v.kind,
  issueDate: v.issueDate,
  expiryDate: v.expiryDate,
  transshipment: v.transshipment,
  storageSite: v.storageSite,
  wasteKindIds: v.wasteKindIds,
});

/** POST /trans/permits: the permit and its one PDF, in one transaction. */
export async function createPermit(
  app: FastifyInstance,
  caller: Caller,
  values: PermitValues,
  file: StoredFile | null,
): Promise<Permit> {
  const { companyId } = caller;
  if (!file) throw fieldError('file', 'permit_file_required');
  checkDates(app, values);
  const id = await guarded(() =>
    app.db.transaction(async (tx) => {
      await checkWasteKinds(tx, values.wasteKindIds);
      await checkUnique(tx, values);
      const [row] = await tx
        .insert(permits)
        .values({ companyId, ...columnsOf(values), createdBy: caller.session.userId })
        .returning({ id: permits.id });
      await insertFile(tx, caller, row!.id, file);
      await recordAudit(tx, caller, {
        action: 'permit.create',
        entity: 'permit',
        entityId: row!.id,
        detail: {
          districtCode: values.districtCode,
          licenseNumber: values.licenseNumber,
          file: file.fileName,
        },
      });
      return row!.id;
    }),
  );
  return getPermit(app, companyId, id);
}

/**
 * PUT /trans/permits/{id}: replaces the fields, and the PDF when one is sent (the old copy is deleted from the
 * storage after the commit). A new expiry date starts the warnings again from the step it has reached. Whose permit
 * it is (another company's: 404) and whether it may change (retired: 409) come before what the fields say.
 */
export async function updatePermit(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  values: PermitValues,
  file: StoredFile | null,
): Promise<Permit> {
  const { companyId } = caller;
  await guarded(() =>
    app.db.transaction(async (tx) => {
      const current = await permitOf(tx, companyId, id, true);
      if (current.retiredAt) throw new AppError('invalid_status_transition', 'Permit retired');
      checkDates(app, values);
      await checkWasteKinds(tx, values.wasteKindIds);
      await checkUnique(tx, values, id);
      const mailed =
        values.expiryDate === current.expiryDate ||
        permitExpiryStepRank(permitExpiryStep(values.expiryDate, today(app))) >=
          permitExpiryStepRank(current.expiryStepMailed)
          ? current.expiryStepMailed
          : null;
      await tx
        .update(permits)
        .set({ ...columnsOf(values), expiryStepMailed: mailed, updatedAt: app.now() })
        .where(eq(permits.id, id));
      if (file) {
        // The replaced copy is kept under its own owner type, never deleted (see PERMIT_REPLACED_OWNER).
        await tx
          .update(attachments)
          .set({ ownerType: PERMIT_REPLACED_OWNER })
          .where(and(eq(attachments.ownerType, PERMIT_OWNER), eq(attachments.ownerId, id)));
        await insertFile(tx, caller, id, file);
      }
      await recordAudit(tx, caller, {
        action: 'permit.update',
        entity: 'permit',
        entityId: id,
        detail: { expiryDate: values.expiryDate, fileReplaced: Boolean(file) },
      });
    }),
  );
  return getPermit(app, companyId, id);
}

/** POST /trans/permits/{id}/retire: marks it retired (kept, never deleted). Retiring twice is refused. */
export async function retirePermit(app: FastifyInstance, caller: Caller, id: number): Promise<Permit> {
  const { companyId } = caller;
  await app.db.transaction(async (tx) => {
    const current = await permitOf(tx, companyId, id, true);
    if (current.retiredAt) throw new AppError('invalid_status_transition', 'Permit already retired');
    await tx.update(permits).set({ retiredAt: app.now(), updatedAt: app.now() }).where(eq(permits.id, id));
    await recordAudit(tx, caller, { action: 'permit.retire', entity: 'permit', entityId: id, detail: {} });
  });
  return getPermit(app, companyId, id);
}

/** GET /trans/permits/{id}/file: the PDF copy. */
export async function readPermitFile(app: FastifyInstance, companyId: number, id: number) {
  const permit = await permitOf(app.db, companyId, id);
  const [row] = await app.db
    .select(storedFileColumns)
    .from(attachments)
    .where(and(eq(attachments.ownerType, PERMIT_OWNER), eq(attachments.ownerId, permit.id)));
  if (!row) throw new AppError('not_found', 'File not found');
  return openStoredFile(app.files, row);
}

/** GET /trans/permits/usable?on=: live permits valid on that date (issued, not expired), for a new contract. */
export async function listUsablePermits(
  app: FastifyInstance,
  companyId: number,
  query: UsablePermitQuery,
): Promise<Permit[]> {
  const conditions: SQL[] = [
    eq(permits.companyId, companyId),
    isNull(permits.retiredAt),
    lte(permits.issueDate, query.on),
    gte(permits.expiryDate, query.on),
  ];
  if (query.kind) conditions.push(eq(permits.kind, query.kind));
  const rows = await app.db
    .select()
    .from(permits)
    .where(and(...conditions))
    .orderBy(asc(permits.districtCode), asc(permits.licenseNumber), asc(permits.id))
    .limit(500);
  return toPermits(app.db, rows, today(app));
}

/**
 * GET /trans/permits/coverage-gaps: the company's contracts in force (or about to start) that its live permits
 * do not cover until their end (issue 15), computed now, for its home.
 */
export async function listContractCoverageGaps(
  app: FastifyInstance,
  companyId: number,
): Promise<ContractCoverageGap[]> {
  const rows = await contractsInForceCoverage(app.db, today(app), companyId);
  return rows
    .filter((r) => !r.coverage.covered)
    .map((r) => ({
      projectId: r.projectId,
      projectTitle: r.title,
      startDate: r.startDate,
      endDate: r.endDate,
      coverage: r.coverage,
    }));
}
