import type {
  Dispatch,
  DispatchStop,
  dispatchAssignSchema,
  dispatchOrderSchema,
} from '@junkan/shared/api/drivers';
import { type CollectionStatus, isOpenCollection, type VehicleLimit } from '@junkan/shared/collection-rules';
import { compareStops, type DriverMarkResult, type DriverMarkState } from '@junkan/shared/driver-rules';
import { and, asc, count, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  collectionMarks,
  collectionRequests,
  collections,
  companies,
  dischargeSites,
  projects,
  users,
  vehicles,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { siteAddress } from '../../lib/site-address';
import type { Caller } from '../../plugins/auth';
import { wasteNamesOfRequests } from '../project-core/collection-schedule';
import { stopAreas } from '../project-core/stop-areas';
import { type GivenStop, mailStopsGiven } from './dispatch-mails';
import { activatedSql, driverOfCompany } from './drivers.service';
import { assignableVehicle, driversOfVehicle } from './vehicles.service';

type AssignBody = z.output<typeof dispatchAssignSchema>;
type OrderBody = z.output<typeof dispatchOrderSchema>;

/** Not stops of a round: called off, handed back, or a day the transporter does not collect. */
const NOT_STOPS = ['CANCELLED', 'RETURNED', 'SKIPPED'] as const;

/** The latest mark on each collection (by when it was made), with its driver's name. */
async function lastMarks(db: DbOrTx, collectionIds: number[]) {
  if (collectionIds.length === 0) return new Map<number, NonNullable<DispatchStop['lastMark']>>();
  const rows = await db
    .selectDistinctOn([collectionMarks.collectionId], {
      collectionId: collectionMarks.collectionId,
      result: collectionMarks.result,
      state: collectionMarks.state,
      markedAt: collectionMarks.markedAt,
      driverName: users.userName,
    })
    .from(collectionMarks)
    .innerJoin(users, eq(users.id, collectionMarks.driverUserId))
    .where(inArray(collectionMarks.collectionId, collectionIds))
    .orderBy(collectionMarks.collectionId, desc(collectionMarks.markedAt), desc(collectionMarks.id));
  return new Map(
    rows.map((r) => [
      r.collectionId,
      {
        result: r.result as DriverMarkResult,
        state: r.state as DriverMarkState,
        markedAt: r.markedAt.toISOString(),
        driverName: r.driverName,
      },
    ]),
  );
}

/**
 * GET /trans/dispatch?date: the company's stops of the day (every collection but the cancelled, returned and
 * skipped ones) in the office's order, with its drivers and vehicles to give them to, and how many drivers' marks
 * wait for the office's decision.
 */
export async function getDispatch(db: DbOrTx, companyId: number, date: string): Promise<Dispatch> {
  const rows = await db
    .select({
      id: collections.id,
      date: collections.date,
      status: collections.status,
      requestId: collections.requestId,
      driverUserId: collections.driverUserId,
      vehicleId: collections.vehicleId,
      stopOrder: collections.stopOrder,
      projectTitle: projects.title,
      projectType: projects.type,
      dischargerName: companies.name,
      site: dischargeSites,
      vehicleLimit: collectionRequests.vehicleLimit,
      entryFrom: collectionRequests.entryFrom,
      entryUntil: collectionRequests.entryUntil,
    })
    .from(collections)
    .innerJoin(collectionRequests, eq(collectionRequests.id, collections.requestId))
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .innerJoin(companies, eq(companies.id, collections.companyId))
    .innerJoin(dischargeSites, eq(dischargeSites.id, collections.dischargeSiteId))
    .where(
      and(
        eq(collections.transportCompanyId, companyId),
        eq(collections.date, date),
        notInArray(collections.status, [...NOT_STOPS]),
      ),
    );
  const ids = rows.map((r) => r.id);
  const [areaOf, names, marks, drivers, vehicleRows, [conflicts]] = await Promise.all([
    stopAreas(
      db,
      companyId,
      rows.map((r) => r.site.postalCode),
    ),
    wasteNamesOfRequests(db, [...new Set(rows.map((r) => r.requestId))]),
    lastMarks(db, ids),
    db
      .select({ id: users.id, userName: users.userName, vehicleId: users.vehicleId, enabled: users.enabled })
      .from(users)
      .where(driverOfCompany(companyId))
      .orderBy(asc(users.userName), asc(users.id)),
    db
      .select({
        id: vehicles.id,
        name: vehicles.name,
        vehicleClass: vehicles.vehicleClass,
        active: vehicles.active,
      })
      .from(vehicles)
      .where(eq(vehicles.companyId, companyId))
      .orderBy(asc(vehicles.name), asc(vehicles.id)),
    db
      .select({ n: count() })
      .from(collectionMarks)
      .where(and(eq(collectionMarks.transportCompanyId, companyId), eq(collectionMarks.state, 'CONFLICT'))),
  ]);
  const stops: DispatchStop[] = rows.map((r) => ({
    id: r.id,
    date: r.date,
    status: r.status as CollectionStatus,
    projectTitle: r.projectTitle,
    dischargerName: r.dischargerName,
    siteName: r.site.name,
    address: siteAddress(r.site),
    areaName: areaOf(r.projectType, r.site.postalCode),
    wasteNames: names.get(r.requestId) ?? [],
    vehicleLimit: r.vehicleLimit as VehicleLimit,
    entryFrom: r.entryFrom,
    entryUntil: r.entryUntil,
    driverUserId: r.driverUserId,
    vehicleId: r.vehicleId,
    stopOrder: r.stopOrder,
    lastMark: marks.get(r.id) ?? null,
  }));
  return {
    date,
    stops: stops.sort(compareStops),
    drivers,
    vehicles: vehicleRows,
    conflictCount: conflicts?.n ?? 0,
  };
}

/** The position of the first id a list lacks, as the field the refusal names. */
const fieldOf = (ids: readonly number[], id: number) => `collectionIds.${ids.indexOf(id)}`;

/**
 * The caller's collections `ids`, locked until the transaction ends; one that is not the company's (or no
 * collection at all) is 404 collection_not_found, as if it did not exist.
 */
async function ownStops(tx: DbOrTx, companyId: number, ids: readonly number[]) {
  const rows = await tx
    .select({
      id: collections.id,
      date: collections.date,
      status: collections.status,
      driverUserId: collections.driverUserId,
      vehicleId: collections.vehicleId,
      siteName: dischargeSites.name,
      projectTitle: projects.title,
    })
    .from(collections)
    .innerJoin(dischargeSites, eq(dischargeSites.id, collections.dischargeSiteId))
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .where(and(inArray(collections.id, [...ids]), eq(collections.transportCompanyId, companyId)))
    .for('update', { of: collections });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) {
    const field = fieldOf(ids, missing);
    throw new AppError('collection_not_found', 'Collection not found', { [field]: 'collection_not_found' });
  }
  return ids.map((id) => byId.get(id)!);
}

/** A driver the office may give stops: a DRIVER of the company, enabled or still invited (never stopped). */
async function assignableDriver(tx: DbOrTx, companyId: number, id: number) {
  const [driver] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        driverOfCompany(companyId),
        or(eq(users.enabled, true), sql`not ${activatedSql}`),
      ),
    );
  if (!driver) throw new AppError('driver_not_found', 'Driver not found');
}

/**
 * POST /trans/dispatch/assign: gives the stops to a driver and a vehicle (null takes either away), all in one
 * transaction with its audit row. Only stops still to happen (DESIRED_DATE, ADJUSTING, CONFIRMED); the
 * collection's version is not bumped (a driver's mark on it stays about the same collection). The drivers the
 * stops newly reach (the one named, else the vehicle's) get one mail listing them.
 */
export async function assignStops(app: FastifyInstance, caller: Caller, body: AssignBody) {
  const { companyId } = caller;
  const ids = body.collectionIds;
  return app.db.transaction(async (tx) => {
    const stops = await ownStops(tx, companyId, ids);
    const closed = stops.find((s) => !isOpenCollection(s.status as CollectionStatus));
    if (closed) {
      const field = fieldOf(ids, closed.id);
      throw new AppError('invalid_status_transition', 'Not an open collection', {
        [field]: 'invalid_status_transition',
      });
    }
    if (body.driverUserId != null) await assignableDriver(tx, companyId, body.driverUserId);
    if (body.vehicleId != null) await assignableVehicle(tx, companyId, body.vehicleId);
    await tx
      .update(collections)
      .set({ driverUserId: body.driverUserId, vehicleId: body.vehicleId })
      .where(inArray(collections.id, ids));
    await recordAudit(tx, caller, {
      action: 'assign',
      entity: 'dispatch',
      entityId: companyId,
      detail: { collectionIds: ids, driverUserId: body.driverUserId, vehicleId: body.vehicleId },
    });
    const given = new Map<number, GivenStop[]>();
    const give = (driverId: number, stop: GivenStop) =>
      given.set(driverId, [...(given.get(driverId) ?? []), stop]);
    if (body.driverUserId != null) {
      for (const s of stops) if (s.driverUserId !== body.driverUserId) give(body.driverUserId, s);
    } else if (body.vehicleId != null) {
      const drivers = await driversOfVehicle(tx, companyId, body.vehicleId);
      for (const s of stops) if (s.vehicleId !== body.vehicleId) for (const d of drivers) give(d, s);
    }
    if (given.size) {
      const [company] = await tx
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId));
      await mailStopsGiven(app, tx, company?.name ?? '', given);
    }
    return { updated: stops.length };
  });
}

/**
 * POST /trans/dispatch/order: the day's round in the given order (stop_order 1..n), in one transaction. Each id
 * must be the company's collection (404 collection_not_found) dated `date` (400 invalid_format on its field).
 * Stops of the day not in the list keep their place.
 */
export async function orderStops(app: FastifyInstance, caller: Caller, body: OrderBody) {
  const { companyId } = caller;
  const ids = body.collectionIds;
  return app.db.transaction(async (tx) => {
    const stops = await ownStops(tx, companyId, ids);
    const elsewhere = stops.find((s) => s.date !== body.date);
    if (elsewhere) {
      const field = fieldOf(ids, elsewhere.id);
      throw new AppError('invalid_format', 'Not a stop of the day', { [field]: 'invalid_format' });
    }
    const position = sql.join(
      ids.map((id, i) => sql`when ${id}::int then ${i + 1}::int`),
      sql` `,
    );
    await tx
      .update(collections)
      .set({ stopOrder: sql`case ${collections.id} ${position} end` })
      .where(inArray(collections.id, ids));
    await recordAudit(tx, caller, {
      action: 'order',
      entity: 'dispatch',
      entityId: companyId,
      detail: { date: body.date, collectionIds: ids },
    });
    return { updated: stops.length };
  });
}
