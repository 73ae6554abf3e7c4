import type { Vehicle, vehicleInputSchema } from '@junkan/shared/api/drivers';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { collectionMarks, collections, users, vehicles } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { refuseWhileUsed, type Usage } from '../../lib/usages';
import type { Caller } from '../../plugins/auth';

type VehicleBody = z.output<typeof vehicleInputSchema>;

/** What keeps a vehicle from being deleted: a driver's usual vehicle, a stop given to it, a mark made with it. */
const VEHICLE_USAGES: readonly Usage[] = [
  { usedBy: 'drivers', table: users, column: users.vehicleId, constraint: 'users_vehicle_id' },
  {
    usedBy: 'collections',
    table: collections,
    column: collections.vehicleId,
    constraint: 'collections_vehicle_id',
  },
  {
    usedBy: 'driverMarks',
    table: collectionMarks,
    column: collectionMarks.vehicleId,
    constraint: 'collection_marks_vehicle_id',
  },
];

const notFound = () => new AppError('vehicle_not_found', 'Vehicle not found');

/** A unique name per company: the index's refusal is the field's error (two saves at once included). */
function mapVehicleConflict(err: unknown): never {
  if (uniqueViolation(err) === 'vehicles_company_name_unique') throw fieldError('name', 'vehicle_name_taken');
  throw err;
}

/** The company's vehicles, each with how many of its drivers have it as their usual vehicle. */
export async function listVehicles(db: DbOrTx, companyId: number, id?: number): Promise<Vehicle[]> {
  const rows = await db
    .select({
      id: vehicles.id,
      name: vehicles.name,
      plateNumber: vehicles.plateNumber,
      vehicleClass: vehicles.vehicleClass,
      active: vehicles.active,
      // Written out in SQL: drizzle leaves columns unqualified in a one-table select.
      driverCount: sql<number>`(select count(*)::int from users u where u.vehicle_id = vehicles.id
        and u.role = 'DRIVER' and u.deleted_at is null)`,
    })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, companyId), id === undefined ? undefined : eq(vehicles.id, id)))
    .orderBy(asc(vehicles.name), asc(vehicles.id));
  return rows.map((r) => ({ ...r, driverCount: Number(r.driverCount) }));
}

async function vehicleOf(db: DbOrTx, companyId: number, id: number): Promise<Vehicle> {
  const [vehicle] = await listVehicles(db, companyId, id);
  if (!vehicle) throw notFound();
  return vehicle;
}

/**
 * The company's vehicle `id` that a driver or a stop may be given: an active one, locked against its delete until
 * the caller's transaction ends. Another company's, a retired or a missing one is 404 vehicle_not_found.
 */
export async function assignableVehicle(
  tx: DbOrTx,
  companyId: number,
  id: number,
): Promise<{ name: string }> {
  const [vehicle] = await tx
    .select({ name: vehicles.name })
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.companyId, companyId), eq(vehicles.active, true)))
    .for('share');
  if (!vehicle) throw notFound();
  return vehicle;
}

/** POST /trans/vehicles. */
export async function createVehicle(
  app: FastifyInstance,
  caller: Caller,
  body: VehicleBody,
): Promise<Vehicle> {
  const { companyId } = caller;
  try {
    const id = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(vehicles)
        .values({ ...body, companyId })
        .returning({ id: vehicles.id });
      await recordAudit(tx, caller, { action: 'create', entity: 'vehicle', entityId: row!.id, detail: body });
      return row!.id;
    });
    return await vehicleOf(app.db, companyId, id);
  } catch (err) {
    mapVehicleConflict(err);
  }
}

/** PUT /trans/vehicles/{id}: a retired vehicle (active false) stays on the stops and marks that name it. */
export async function updateVehicle(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  body: VehicleBody,
): Promise<Vehicle> {
  const { companyId } = caller;
  try {
    await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(vehicles)
        .set({ ...body, updatedAt: app.now() })
        .where(and(eq(vehicles.id, id), eq(vehicles.companyId, companyId)))
        .returning({ id: vehicles.id });
      if (!row) throw notFound();
      await recordAudit(tx, caller, { action: 'update', entity: 'vehicle', entityId: id, detail: body });
    });
  } catch (err) {
    mapVehicleConflict(err);
  }
  return vehicleOf(app.db, companyId, id);
}

/**
 * DELETE /trans/vehicles/{id}: only a vehicle nothing names (409 vehicle_in_use with `params.usedBy` otherwise:
 * retire it instead). The row is locked first, so a stop or driver given it meanwhile is seen, or waits and fails.
 */
export async function deleteVehicle(app: FastifyInstance, caller: Caller, id: number): Promise<void> {
  const { companyId } = caller;
  await app.db.transaction(async (tx) => {
    const [vehicle] = await tx
      .select({ id: vehicles.id, name: vehicles.name })
      .from(vehicles)
      .where(and(eq(vehicles.id, id), eq(vehicles.companyId, companyId)))
      .for('update');
    if (!vehicle) throw notFound();
    await refuseWhileUsed(tx, VEHICLE_USAGES, id, 'vehicle_in_use');
    await tx.delete(vehicles).where(eq(vehicles.id, id));
    await recordAudit(tx, caller, {
      action: 'delete',
      entity: 'vehicle',
      entityId: id,
      detail: { name: vehicle.name },
    });
  });
}

/** The company's drivers (not deleted) whose usual vehicle is `vehicleId`: a stop given the vehicle is theirs. */
export async function driversOfVehicle(db: DbOrTx, companyId: number, vehicleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.vehicleId, vehicleId),
        eq(users.companyId, companyId),
        eq(users.role, 'DRIVER'),
        isNull(users.deletedAt),
      ),
    );
  return rows.map((r) => r.id);
}
