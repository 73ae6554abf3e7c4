/**
 * The records of a pack's projects, as its plan reads them: the agreed contracts with their stored documents, the
 * manifests, completion reports and monthly regular reports of the pack's side (and period), and a transporter's
 * permits in force during a window. Read straight from the tables; each query is scoped by the pack's side and
 * company.
 */
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  attachments,
  contracts,
  manifests,
  permits,
  regularReports,
  transportReports,
} from '../../db/schema';
import { PERMIT_OWNER } from '../permit-core/permit-records';
import { FILE_OWNERS } from '../project-core/project-contract';
import { monthKey, type Scope, sideOf } from './evidence-pack-contents';

/** The agreed contract of each project (one per project), with its stored documents. */
async function agreedContracts(db: DbOrTx, s: Scope, ids: number[]) {
  const contractRows = await db
    .select()
    .from(contracts)
    .where(
      and(
        inArray(contracts.projectId, ids),
        isNotNull(contracts.approvedAt),
        s.side === 'TRANSPORT' ? eq(contracts.transportCompanyId, s.companyId) : undefined,
        s.from && s.to ? and(lte(contracts.startDate, s.to), gte(contracts.endDate, s.from)) : undefined,
      ),
    )
    .orderBy(asc(contracts.projectId));
  const contractFiles = contractRows.length
    ? await db
        .select({
          ownerId: attachments.ownerId,
          fileName: attachments.fileName,
          storageDriver: attachments.storageDriver,
          storageKey: attachments.storageKey,
        })
        .from(attachments)
        .where(
          and(
            inArray(attachments.ownerType, FILE_OWNERS),
            inArray(
              attachments.ownerId,
              contractRows.map((c) => c.id),
            ),
          ),
        )
        .orderBy(asc(attachments.id))
    : [];
  return { contractRows, contractFiles };
}

function manifestsOf(db: DbOrTx, s: Scope, ids: number[]) {
  return db
    .select({
      id: manifests.id,
      projectId: manifests.projectId,
      manifestNumber: manifests.manifestNumber,
      deliveryDate: manifests.deliveryDate,
      transportEndDate: manifests.transportEndDate,
      disposalEndDate: manifests.disposalEndDate,
      finalDisposalEndDate: manifests.finalDisposalEndDate,
      createdAt: manifests.createdAt,
    })
    .from(manifests)
    .where(
      and(
        inArray(manifests.projectId, ids),
        sideOf(s, manifests.dischargerCompanyId, manifests.transportCompanyId),
        s.from && s.to
          ? sql`coalesce(${manifests.deliveryDate}, (${manifests.createdAt} at time zone 'Asia/Tokyo')::date) between ${s.from} and ${s.to}`
          : undefined,
      ),
    )
    .orderBy(asc(manifests.deliveryDate), asc(manifests.id));
}

function reportsOf(db: DbOrTx, s: Scope, ids: number[]) {
  return db
    .select({
      id: transportReports.id,
      projectId: transportReports.projectId,
      manifestNumber: transportReports.manifestNumber,
      collectTime: transportReports.collectTime,
      endDateTransport: transportReports.endDateTransport,
      lastEndDateTransport: transportReports.lastEndDateTransport,
      updatedAt: transportReports.updatedAt,
      deletedAt: transportReports.deletedAt,
    })
    .from(transportReports)
    .where(
      and(
        inArray(transportReports.projectId, ids),
        sideOf(s, transportReports.dischargerCompanyId, transportReports.transportCompanyId),
        s.from && s.to
          ? and(gte(transportReports.endDateTransport, s.from), lte(transportReports.endDateTransport, s.to))
          : undefined,
      ),
    )
    .orderBy(asc(transportReports.endDateTransport), asc(transportReports.id));
}

function regularReportsOf(db: DbOrTx, s: Scope, ids: number[]) {
  return db
    .select({
      projectId: regularReports.projectId,
      year: regularReports.year,
      month: regularReports.month,
      updatedAt: regularReports.updatedAt,
    })
    .from(regularReports)
    .where(
      and(
        inArray(regularReports.projectId, ids),
        sideOf(s, regularReports.dischargerCompanyId, regularReports.transportCompanyId),
        s.from && s.to
          ? sql`${regularReports.year} * 100 + ${regularReports.month} between ${monthKey(s.from)} and ${monthKey(s.to)}`
          : undefined,
      ),
    )
    .orderBy(asc(regularReports.year), asc(regularReports.month));
}

/** Everything the pack's projects hold for its side (and period), each list in the order the pack writes it. */
export async function packRecords(db: DbOrTx, s: Scope, ids: number[]) {
  const { contractRows, contractFiles } = await agreedContracts(db, s, ids);
  const manifestRows = await manifestsOf(db, s, ids);
  const reportRows = await reportsOf(db, s, ids);
  const regularRows = await regularReportsOf(db, s, ids);
  return { contractRows, contractFiles, manifestRows, reportRows, regularRows };
}

export type PackRecords = Awaited<ReturnType<typeof packRecords>>;

/**
 * A transporter's permits with their PDF copy, valid at some time of the window and not retired before it began.
 */
export function permitsInForce(db: DbOrTx, transportCompanyId: number, w: { from: string; to: string }) {
  return db
    .select({
      id: permits.id,
      licenseNumber: permits.licenseNumber,
      issueDate: permits.issueDate,
      expiryDate: permits.expiryDate,
      retiredAt: permits.retiredAt,
      updatedAt: permits.updatedAt,
      fileName: attachments.fileName,
      storageDriver: attachments.storageDriver,
      storageKey: attachments.storageKey,
    })
    .from(permits)
    .innerJoin(attachments, and(eq(attachments.ownerType, PERMIT_OWNER), eq(attachments.ownerId, permits.id)))
    .where(
      and(
        eq(permits.companyId, transportCompanyId),
        lte(permits.issueDate, w.to),
        gte(permits.expiryDate, w.from),
        sql`(${permits.retiredAt} is null or (${permits.retiredAt} at time zone 'Asia/Tokyo')::date >= ${w.from})`,
      ),
    )
    .orderBy(asc(permits.issueDate), asc(permits.id), asc(attachments.id));
}

export type PermitInForce = Awaited<ReturnType<typeof permitsInForce>>[number];
