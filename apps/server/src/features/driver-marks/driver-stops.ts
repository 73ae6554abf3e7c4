/**
 * Which collections are a driver's stops: those of its company the office gave the driver, or its usual vehicle
 * when no driver is named. Another company's collection is never one, whatever its dispatch says.
 */
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { collections, users, vehicles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';

export interface DriverRow {
  id: number;
  userName: string;
  /** The usual vehicle, only when it is the company's. */
  vehicleId: number | null;
  vehicleName: string | null;
}

/** The calling driver with its usual vehicle. */
export async function driverOf(db: DbOrTx, caller: Caller): Promise<DriverRow> {
  const [driver] = await db
    .select({
      id: users.id,
      userName: users.userName,
      vehicleId: vehicles.id,
      vehicleName: vehicles.name,
    })
    .from(users)
    .leftJoin(vehicles, and(eq(vehicles.id, users.vehicleId), eq(vehicles.companyId, caller.companyId)))
    .where(and(eq(users.id, caller.session.userId), eq(users.companyId, caller.companyId)));
  // The auth hook let a driver of this company through: a missing row is an account removed meanwhile.
  if (!driver) throw new AppError('driver_not_found', 'Driver not found');
  return driver;
}

/** The condition of a driver's stops (any date and status): its company's, given to it or to its vehicle. */
export function stopsOf(driver: DriverRow, companyId: number): SQL {
  const given = eq(collections.driverUserId, driver.id);
  return and(
    eq(collections.transportCompanyId, companyId),
    driver.vehicleId == null
      ? given
      : or(given, and(isNull(collections.driverUserId), eq(collections.vehicleId, driver.vehicleId))),
  ) as SQL;
}

/** Whether a collection row is one of the driver's stops (the same rule as `stopsOf`). */
export function isStopOf(
  c: { transportCompanyId: number; driverUserId: number | null; vehicleId: number | null },
  driver: DriverRow,
  companyId: number,
): boolean {
  if (c.transportCompanyId !== companyId) return false;
  if (c.driverUserId === driver.id) return true;
  return c.driverUserId == null && driver.vehicleId != null && c.vehicleId === driver.vehicleId;
}
