import type { CollectionStatus, VehicleLimit } from '@junkan/shared/collection-rules';
import type { ProjectType } from '@junkan/shared/enums';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  collectionRequestLines,
  collectionRequests,
  collections,
  companies,
  dischargeSites,
  projects,
  projectWasteLines,
  unitMeasures,
} from '../../db/schema';

/** A collection as the schedule's documents print it: its day, site, request and waste lines. */
export interface ScheduleRow {
  id: number;
  date: string;
  status: CollectionStatus;
  version: number;
  updatedAt: Date;
  project: { id: number; title: string; type: ProjectType };
  discharger: { id: number; name: string };
  transporter: { id: number; name: string };
  site: {
    name: string;
    postalCode: string;
    address1: string;
    address2: string;
    address3: string;
    tel: string;
    pic: string;
  };
  vehicleLimit: VehicleLimit;
  entryFrom: string | null;
  entryUntil: string | null;
  memo: string | null;
  lines: { wasteName: string; bags: Record<string, number>; volume: number | null; unit: string | null }[];
}

const transporters = alias(companies, 'transporters');

/**
 * The collections `where` selects (the caller scopes it to its company), by date and id, each with its request's
 * waste lines (the line's unit: the contract unit of measure, else the quantity's unit).
 */
export async function loadScheduleRows(db: DbOrTx, where: SQL | undefined): Promise<ScheduleRow[]> {
  const rows = await db
    .select({
      id: collections.id,
      requestId: collections.requestId,
      date: collections.date,
      status: collections.status,
      version: collections.version,
      updatedAt: collections.updatedAt,
      projectId: projects.id,
      projectTitle: projects.title,
      projectType: projects.type,
      dischargerId: companies.id,
      dischargerName: companies.name,
      transporterId: transporters.id,
      transporterName: transporters.name,
      site: {
        name: dischargeSites.name,
        postalCode: dischargeSites.postalCode,
        address1: dischargeSites.address1,
        address2: dischargeSites.address2,
        address3: dischargeSites.address3,
        tel: dischargeSites.tel,
        pic: dischargeSites.pic,
      },
      vehicleLimit: collectionRequests.vehicleLimit,
      entryFrom: collectionRequests.entryFrom,
      entryUntil: collectionRequests.entryUntil,
      memo: collectionRequests.memo,
    })
    .from(collections)
    .innerJoin(collectionRequests, eq(collectionRequests.id, collections.requestId))
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .innerJoin(companies, eq(companies.id, collections.companyId))
    .innerJoin(transporters, eq(transporters.id, collections.transportCompanyId))
    .innerJoin(dischargeSites, eq(dischargeSites.id, collections.dischargeSiteId))
    .where(where)
    .orderBy(asc(collections.date), asc(collections.id));
  if (rows.length === 0) return [];

  const requestIds = [...new Set(rows.map((r) => r.requestId))];
  const lines = await db
    .select({
      requestId: collectionRequestLines.requestId,
      wasteName: projectWasteLines.wasteName,
      bags: collectionRequestLines.bags,
      volume: collectionRequestLines.volume,
      unit: unitMeasures.unit,
      quantityUnit: projectWasteLines.quantityUnit,
    })
    .from(collectionRequestLines)
    .innerJoin(projectWasteLines, eq(projectWasteLines.id, collectionRequestLines.wasteLineId))
    .leftJoin(unitMeasures, eq(unitMeasures.id, projectWasteLines.unitMeasureId))
    .where(inArray(collectionRequestLines.requestId, requestIds))
    .orderBy(asc(projectWasteLines.sortOrder), asc(projectWasteLines.id), asc(collectionRequestLines.id));
  const linesOf = new Map<number, ScheduleRow['lines']>();
  for (const l of lines) {
    const list = linesOf.get(l.requestId) ?? [];
    list.push({
      wasteName: l.wasteName,
      bags: l.bags ?? {},
      // Numeric columns come back as strings.
      volume: l.volume == null ? null : Number(l.volume),
      unit: l.unit ?? l.quantityUnit ?? null,
    });
    linesOf.set(l.requestId, list);
  }

  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    status: r.status as CollectionStatus,
    version: r.version,
    updatedAt: r.updatedAt,
    project: { id: r.projectId, title: r.projectTitle, type: r.projectType },
    discharger: { id: r.dischargerId, name: r.dischargerName },
    transporter: { id: r.transporterId, name: r.transporterName },
    site: r.site,
    vehicleLimit: r.vehicleLimit as VehicleLimit,
    entryFrom: r.entryFrom,
    entryUntil: r.entryUntil,
    memo: r.memo,
    lines: linesOf.get(r.requestId) ?? [],
  }));
}
