import {
  isDisposalSiteLicenseExpired,
  type Prefecture,
  sortPrefectures,
  type TransportOperator,
  type transportOperatorInputSchema,
  type transportOperatorListQuerySchema,
} from '@junkan/shared';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { companies, disposalSites, transportOperatorProfiles } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { containsPattern } from '../../lib/like-pattern';
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

const toDto = (r: Row): TransportOperator => ({
  companyId: r.companyId,
  companyName: r.companyName,
  contractManager: r.contractManager ?? '',
  compatibleAreas: r.compatibleAreas ?? [],
  destination:
    r.destinationId != null
      ? { id: r.destinationId, code: r.destinationCode ?? '', name: r.destinationName ?? '' }
      : null,
  updatedAt: r.updatedAt?.toISOString() ?? null,
});

/** Transport companies joined with their profile (every transport company is listed, profile or not). */
const baseQuery = (db: DbOrTx) =>
  db
    .select(columns)
    .from(companies)
    .leftJoin(transportOperatorProfiles, eq(transportOperatorProfiles.companyId, companies.id))
    .leftJoin(disposalSites, eq(disposalSites.id, transportOperatorProfiles.destinationDisposalSiteId));

/** GET /admin/transport-operators: transport companies, their contract manager, areas and destination. */
export async function listTransportOperators(db: DbOrTx, query: ListQuery) {
  const conditions: SQL[] = [eq(companies.type, 'TRANSPORT')];
  if (query.query) {
    const p = containsPattern(query.query);
    conditions.push(or(ilike(companies.name, p), ilike(transportOperatorProfiles.contractManager, p))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(asc(companies.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: count() })
      .from(companies)
      .leftJoin(transportOperatorProfiles, eq(transportOperatorProfiles.companyId, companies.id))
      .where(where),
  ]);
  return { items: rows.map(toDto), total: total?.total ?? 0, page: query.page, size: query.size };
}

export async function getTransportOperator(db: DbOrTx, companyId: number): Promise<TransportOperator> {
  const [row] = await baseQuery(db).where(and(eq(companies.id, companyId), eq(companies.type, 'TRANSPORT')));
  if (!row) throw new AppError('not_found', 'Transport operator not found');
  return toDto(row);
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
    updatedAt: new Date(),
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
  return getTransportOperator(app.db, companyId);
}
