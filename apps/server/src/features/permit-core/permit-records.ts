/**
 * What every feature needs of a transport company's permits: the PDF copy's owner type, rows as answers (waste
 * kind names, the PDF) and the permits as the coverage rule reads them. Contracts, quotes and projects use this
 * core, never the permits feature.
 */
import type { ContractPermit } from '@junkan/shared/api/contracts';
import type { Permit } from '@junkan/shared/api/permits';
import { daysBetween } from '@junkan/shared/contract-rules';
import type { CoveragePermit } from '@junkan/shared/rules/permit-coverage';
import { permitStatus } from '@junkan/shared/rules/permit-rules';
import { keptUntil } from '@junkan/shared/rules/retention';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attachments, permits, wastes } from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { attachmentColumns, storedFileColumns, toAttachment } from '../../plugins/file-storage';

/** `attachments.owner_type` of a permit's PDF copy. */
export const PERMIT_OWNER = 'PERMIT';
/**
 * A copy a newer PDF replaced: kept (never deleted within the five years), since contracts already sent were
 * made under it and an inspection may ask for the copy that was attached then.
 */
export const PERMIT_REPLACED_OWNER = 'PERMIT_REPLACED';

export type PermitRow = typeof permits.$inferSelect;

async function wasteNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: wastes.id, name: wastes.name })
    .from(wastes)
    .where(inArray(wastes.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function permitFilesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, ReturnType<typeof toAttachment>>();
  const rows = await db
    .select({ ownerId: attachments.ownerId, ...attachmentColumns })
    .from(attachments)
    .where(and(eq(attachments.ownerType, PERMIT_OWNER), inArray(attachments.ownerId, ids)))
    .orderBy(asc(attachments.id));
  return new Map(rows.map(({ ownerId, ...a }) => [ownerId, toAttachment(a)]));
}

/** Rows to answers: waste kind names and the PDF, in two queries for the whole page. */
export async function toPermits(db: DbOrTx, rows: PermitRow[], on: string): Promise<Permit[]> {
  const [names, files] = await Promise.all([
    wasteNames(db, [...new Set(rows.flatMap((r) => r.wasteKindIds))]),
    permitFilesOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    companyId: r.companyId,
    districtCode: r.districtCode,
    licenseNumber: r.licenseNumber,
    kind: r.kind,
    issueDate: r.issueDate,
    expiryDate: r.expiryDate,
    transshipment: r.transshipment,
    storageSite: r.storageSite,
    wasteKinds: r.wasteKindIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    status: permitStatus(r, on),
    daysLeft: daysBetween(on, r.expiryDate),
    file: files.get(r.id) ?? null,
    retiredAt: r.retiredAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
    keptUntil: keptUntil('permit', {
      expiryDate: r.expiryDate,
      retiredOn: r.retiredAt ? tokyoDate(r.retiredAt) : null,
      updatedOn: tokyoDate(r.updatedAt),
    }),
  }));
}

/** A company's live (not retired) permits, as the coverage rule reads them. */
export async function coveragePermitsOf(db: DbOrTx, companyId: number): Promise<CoveragePermit[]> {
  const rows = await db
    .select()
    .from(permits)
    .where(and(eq(permits.companyId, companyId), isNull(permits.retiredAt)))
    .orderBy(asc(permits.issueDate), asc(permits.id));
  return rows.map(toCoveragePermit);
}

export function toCoveragePermit(row: PermitRow): CoveragePermit {
  return {
    district: row.districtCode,
    kind: row.kind,
    wasteKindIds: row.wasteKindIds,
    issueDate: row.issueDate,
    expiryDate: row.expiryDate,
    retired: row.retiredAt !== null,
    transshipment: row.transshipment,
  };
}

/**
 * A company's permit by id, or null for an unknown id or another company's. `lock` holds it against a concurrent
 * retire or update until the transaction ends.
 */
export async function companyPermit(
  db: DbOrTx,
  companyId: number,
  id: number,
  lock = false,
): Promise<PermitRow | null> {
  const query = db
    .select()
    .from(permits)
    .where(and(eq(permits.id, id), eq(permits.companyId, companyId)));
  const [row] = lock ? await query.for('share') : await query;
  return row ?? null;
}

/** The permits contracts were chosen from, by id, as the contract answers show them. */
export async function contractPermitsOf(
  db: DbOrTx,
  ids: number[],
  today: string,
): Promise<Map<number, ContractPermit>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(permits).where(inArray(permits.id, unique));
  const answers = await toPermits(db, rows, today);
  return new Map(
    answers.map((p) => [
      p.id,
      {
        id: p.id,
        districtCode: p.districtCode,
        licenseNumber: p.licenseNumber,
        issueDate: p.issueDate,
        expiryDate: p.expiryDate,
        wasteKinds: p.wasteKinds,
        file: p.file,
      },
    ]),
  );
}

/** Where the PDF copy of a permit is kept (its current copy), or null without one. */
export async function permitCopyOf(db: DbOrTx, permitId: number) {
  const [row] = await db
    .select(storedFileColumns)
    .from(attachments)
    .where(and(eq(attachments.ownerType, PERMIT_OWNER), eq(attachments.ownerId, permitId)))
    .orderBy(desc(attachments.id))
    .limit(1);
  return row ?? null;
}
