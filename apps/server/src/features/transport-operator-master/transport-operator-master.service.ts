import type { PermitExpiryCounts } from '@junkan/shared/api/permits';
import type {
  OperatorPermit,
  TransportOperator,
  transportOperatorInputSchema,
  transportOperatorListQuerySchema,
} from '@junkan/shared/api/transport-operators';
import { addDays, daysBetween } from '@junkan/shared/contract-rules';
import { type Prefecture, sortPrefectures } from '@junkan/shared/prefectures';
import { isDisposalSiteLicenseExpired } from '@junkan/shared/rules/disposal-site-license';
import { permitStatus } from '@junkan/shared/rules/permit-rules';
import { and, asc, count, eq, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { companies, disposalSites, permits, transportOperatorProfiles } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf } from '../../lib/paging';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';

type ListQuery = z.infer<typeof transportOperatorListQuerySchema>;
type Input = z.infer<typeof transportOperatorInputSchema>;

const columns = {
  companyId: companies.id,
  companyName: companies.name,
  contractManager: transportOperatorProfiles.contractManager,
  compatibleAreas: transportOperatorProfiles.compatibleAreas,
  destinationId: disposalSites.id,
  destinationCode: disposalSites.code,
  destinationName: disposalSites.name,
  updatedAt: transportOperatorProfiles.updatedAt,
};

type Row = {
  companyId: number;
  companyName: string;
  contractManager: string | null;
  compatibleAreas: string[] | null;
  destinationId: number | null;
  destinationCode: string | null;
  destinationName: string | null;
  updatedAt: Date | null;
};

const NO_PERMITS: PermitExpiryCounts = { days90: 0, days30: 0, expired: 0 };

/**
 * Live permits of these companies by warning step on `today`: expiring within 90 days (but not 30), within 30
 * days, and expired. One grouped query for a whole page.
 */
async function permitExpiryCounts(db: DbOrTx, companyIds: number[], today: string) {
  const result = new Map<number, PermitExpiryCounts>();
  if (companyIds.length === 0) return result;
  const in30 = addDays(today, 30);
  const rows = await db
    .select({
      companyId: permits.companyId,
      expired: sql<number>`count(*) filter (where ${permits.expiryDate} < ${today})`.mapWith(Number),
      days30:
        sql<number>`count(*) filter (where ${permits.expiryDate} >= ${today} and ${permits.expiryDate} <= ${in30})`.mapWith(
          Number,
        ),
      days90: sql<number>`count(*) filter (where ${permits.expiryDate} > ${in30})`.mapWith(Number),
    })
    .from(permits)
    .where(
      and(
        inArray(permits.companyId, companyIds),
        isNull(permits.retiredAt),
        lte(permits.expiryDate, addDays(today, 90)),
      ),
    )
    .groupBy(permits.companyId);
  for (const r of rows) result.set(r.companyId, { days90: r.days90, days30: r.days30, expired: r.expired });
  return result;
}

const toDto = (r: Row, counts: Map<number, PermitExpiryCounts> = new Map()): TransportOperator => ({
  companyId: r.companyId,
  companyName: r.companyName,
  contractManager: r.contractManager ?? '',
  compatibleAreas: r.compatibleAreas ?? [],
  destination:
    r.destinationId != null
      ? { id: r.destinationId, code: r.destinationCode ?? '', name: r.destinationName ?? '' }
      : null,
  updatedAt: r.updatedAt?.toISOString() ?? null,
  permitExpiry: counts.get(r.companyId) ?? NO_PERMITS,
});

/** Transport companies joined with their profile (every transport company is listed, profile or not). */
const baseQuery = (db: DbOrTx) =>
  db
    .select(columns)
    .from(companies)
    .leftJoin(transportOperatorProfiles, eq(transportOperatorProfiles.companyId, companies.id))
    .leftJoin(disposalSites, eq(disposalSites.id, transportOperatorProfiles.destinationDisposalSiteId));

/** GET /admin/transport-operators: transport companies, their contract manager, areas and destination. */
export async function listTransportOperators(db: DbOrTx, query: ListQuery, today: string) {
  const conditions: SQL[] = [eq(companies.type, 'TRANSPORT')];
  if (query.query) {
    const p = containsPattern(query.query);
    conditions.push(or(ilike(companies.name, p), ilike(transportOperatorProfiles.contractManager, p))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    baseQuery(db).where(where).orderBy(asc(companies.id)).limit(query.size).offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(companies)
      .leftJoin(transportOperatorProfiles, eq(transportOperatorProfiles.companyId, companies.id))
      .where(where),
  ]);
  const counts = await permitExpiryCounts(
    db,
    rows.map((r) => r.companyId),
    today,
  );
  return {
    items: rows.map((r) => toDto(r, counts)),
    total: total?.total ?? 0,
    page: query.page,
    size: query.size,
  };
}

export async function getTransportOperator(
  db: DbOrTx,
  companyId: number,
  today: string,
): Promise<TransportOperator> {
  const [row] = await baseQuery(db).where(and(eq(companies.id, companyId), eq(companies.type, 'TRANSPORT')));
  if (!row) throw new AppError('not_found', 'Transport operator not found');
  return toDto(row, await permitExpiryCounts(db, [companyId], today));
}

/** GET /admin/transport-operators/{companyId}/permits: its live permits, soonest expiry first. */
export async function listOperatorPermits(
  db: DbOrTx,
  companyId: number,
  today: string,
): Promise<OperatorPermit[]> {
  await getTransportOperator(db, companyId, today);
  const rows = await db
    .select()
    .from(permits)
    .where(and(eq(permits.companyId, companyId), isNull(permits.retiredAt)))
    .orderBy(asc(permits.expiryDate), asc(permits.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    districtCode: r.districtCode,
    licenseNumber: r.licenseNumber,
    kind: r.kind,
    issueDate: r.issueDate,
    expiryDate: r.expiryDate,
    status: permitStatus(r, today),
    daysLeft: daysBetween(today, r.expiryDate),
  }));
}

/** PUT /admin/transport-operators/{companyId}: creates or replaces the company's profile. */
export async function saveTransportOperator(
  app: FastifyInstance,
  caller: Caller,
  companyId: number,
  input: Input,
) {
  const values = {
    contractManager: input.contractManager,
    compatibleAreas: sortPrefectures(input.compatibleAreas as Prefecture[]),
    destinationDisposalSiteId: input.destinationDisposalSiteId,
    updatedAt: app.now(),
  };
  await app.db.transaction(async (tx) => {
    const company = await tx.query.companies.findFirst({
      columns: { id: true },
      where: and(eq(companies.id, companyId), eq(companies.type, 'TRANSPORT')),
    });
    if (!company) throw new AppError('not_found', 'Transport operator not found');
    if (values.destinationDisposalSiteId != null) {
      // Locks the site so a concurrent delete waits for this save (and then sees it in use).
      const [site] = await tx
        .select({ id: disposalSites.id, expireDate: disposalSites.expireDate })
        .from(disposalSites)
        .where(eq(disposalSites.id, values.destinationDisposalSiteId))
        .for('update');
      if (!site) throw fieldError('destinationDisposalSiteId', 'not_found');
      // A newly chosen site must hold a license in force; a kept one is not re-judged on other edits.
      const [saved] = await tx
        .select({ destination: transportOperatorProfiles.destinationDisposalSiteId })
        .from(transportOperatorProfiles)
        .where(eq(transportOperatorProfiles.companyId, companyId));
      if (
        saved?.destination !== site.id &&
        isDisposalSiteLicenseExpired(site.expireDate, tokyoDate(app.now()))
      )
        throw new AppError('disposal_site_license_expired', 'Disposal site license expired', {
          destinationDisposalSiteId: 'disposal_site_license_expired',
        });
    }
    await tx
      .insert(transportOperatorProfiles)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: transportOperatorProfiles.companyId, set: values });
    await recordAudit(tx, caller, {
      action: 'save',
      entity: 'transport_operator',
      entityId: companyId,
      detail: { areas: values.compatibleAreas.length, destination: values.destinationDisposalSiteId },
    });
  });
  return getTransportOperator(app.db, companyId, tokyoDate(app.now()));
}
