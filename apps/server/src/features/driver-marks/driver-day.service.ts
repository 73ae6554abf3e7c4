import type { DriverDay, DriverStop } from '@junkan/shared/api/drivers';
import type { CollectionStatus, VehicleLimit } from '@junkan/shared/collection-rules';
import { addDays } from '@junkan/shared/contract-rules';
import {
  compareStops,
  DRIVER_DAY_SPAN,
  type DriverMarkResult,
  type DriverMarkState,
} from '@junkan/shared/driver-rules';
import { and, asc, between, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  collectionMarks,
  collectionRequestLines,
  collectionRequests,
  collections,
  companies,
  dischargeSites,
  projects,
} from '../../db/schema';
import { siteAddress } from '../../lib/site-address';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { wasteLinesOf } from '../project-core/collection-marks';
import { stopAreas } from '../project-core/stop-areas';
import { driverOf, stopsOf } from './driver-stops';

/** The stops a driver's day shows: confirmed, and those already marked (so the phone shows them done). */
const DAY_STATUSES = [
  'CONFIRMED',
  'COLLECTED',
  'NOT_COLLECTED',
] as const satisfies readonly CollectionStatus[];

/** The latest mark on each collection (any driver's). */
async function lastMarksOf(db: DbOrTx, collectionIds: number[]) {
  const latest = new Map<number, DriverStop['lastMark']>();
  if (collectionIds.length === 0) return latest;
  const rows = await db
    .select({
      collectionId: collectionMarks.collectionId,
      result: collectionMarks.result,
      state: collectionMarks.state,
      markedAt: collectionMarks.markedAt,
    })
    .from(collectionMarks)
    .where(inArray(collectionMarks.collectionId, collectionIds))
    .orderBy(desc(collectionMarks.receivedAt), desc(collectionMarks.id));
  for (const r of rows)
    if (!latest.has(r.collectionId))
      latest.set(r.collectionId, {
        result: r.result as DriverMarkResult,
        state: r.state as DriverMarkState,
        markedAt: r.markedAt.toISOString(),
      });
  return latest;
}

/** What the stops need of their requests' lines: the counts asked for, named, without any price. */
async function requestLinesOf(db: DbOrTx, requestIds: number[]) {
  const byRequest = new Map<number, DriverStop['lines']>();
  if (requestIds.length === 0) return byRequest;
  const lines = await db
    .select()
    .from(collectionRequestLines)
    .where(inArray(collectionRequestLines.requestId, requestIds))
    .orderBy(asc(collectionRequestLines.id));
  const info = await wasteLinesOf(
    db,
    lines.map((l) => l.wasteLineId),
  );
  for (const l of lines) {
    const line = info.get(l.wasteLineId);
    byRequest.set(l.requestId, [
      ...(byRequest.get(l.requestId) ?? []),
      {
        wasteLineId: l.wasteLineId,
        wasteName: line?.wasteName ?? '',
        kind: line?.kind ?? 'REGULAR',
        bags: l.bags ?? {},
        volume: l.volume == null ? null : Number(l.volume),
        unit: line?.unit ?? null,
      },
    ]);
  }
  return byRequest;
}

/**
 * GET /driver/day: the driver's stops from the business today over DRIVER_DAY_SPAN days (its company's, given to it
 * or to its usual vehicle), confirmed or already marked, in the office's order.
 */
export async function driverDay(app: FastifyInstance, caller: Caller): Promise<DriverDay> {
  const db = app.db;
  const driver = await driverOf(db, caller);
  const today = tokyoDate(app.now());
  const to = addDays(today, DRIVER_DAY_SPAN - 1);
  const rows = await db
    .select({
      collection: collections,
      request: {
        vehicleLimit: collectionRequests.vehicleLimit,
        entryFrom: collectionRequests.entryFrom,
        entryUntil: collectionRequests.entryUntil,
        memo: collectionRequests.memo,
      },
      project: { title: projects.title, type: projects.type },
      dischargerName: companies.name,
      site: dischargeSites,
    })
    .from(collections)
    .innerJoin(collectionRequests, eq(collectionRequests.id, collections.requestId))
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .innerJoin(companies, eq(companies.id, collections.companyId))
    .innerJoin(dischargeSites, eq(dischargeSites.id, collections.dischargeSiteId))
    .where(
      and(
        stopsOf(driver, caller.companyId),
        between(collections.date, today, to),
        inArray(collections.status, [...DAY_STATUSES]),
      ),
    );
  const lines = await requestLinesOf(db, [...new Set(rows.map((r) => r.collection.requestId))]);
  const lastMarks = await lastMarksOf(
    db,
    rows.map((r) => r.collection.id),
  );
  const areaOf = await stopAreas(
    db,
    caller.companyId,
    rows.map((r) => r.site.postalCode),
  );
  const stops: DriverStop[] = rows.map(({ collection: c, request, project, dischargerName, site }) => ({
    id: c.id,
    version: c.version,
    date: c.date,
    status: c.status as CollectionStatus,
    areaName: areaOf(project.type, site.postalCode),
    stopOrder: c.stopOrder,
    projectTitle: project.title,
    projectType: project.type as DriverStop['projectType'],
    dischargerName,
    site: {
      name: site.name,
      address: siteAddress(site),
      postalCode: site.postalCode,
      tel: site.tel,
      pic: site.pic,
    },
    entryFrom: request.entryFrom,
    entryUntil: request.entryUntil,
    vehicleLimit: request.vehicleLimit as VehicleLimit,
    memo: request.memo,
    lines: lines.get(c.requestId) ?? [],
    lastMark: lastMarks.get(c.id) ?? null,
  }));
  return {
    today,
    to,
    driver: { userName: driver.userName, vehicleName: driver.vehicleName },
    stops: stops.sort(compareStops),
  };
}
