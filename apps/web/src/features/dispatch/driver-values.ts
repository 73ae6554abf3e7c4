import {
  type Driver,
  type DriverCreateInput,
  type DriverUpdateInput,
  driverCreateSchema,
  driverUpdateSchema,
  type Vehicle,
  type VehicleInput,
  vehicleInputSchema,
} from '@junkan/shared/api/drivers';
import { type Built, firstIssues } from '../../lib/form-issues';

/**
 * The drivers and vehicles screen's rules: a driver's state as the office reads it, the bodies of the driver and
 * vehicle forms checked with the shared schemas, and the vehicles a driver may be given.
 */

export type DriverState = 'invited' | 'active' | 'stopped';

/** Invited until the driver sets a password from the mail; then active, or stopped by the office. */
export function driverState(driver: Pick<Driver, 'enabled' | 'activated'>): DriverState {
  if (!driver.activated) return 'invited';
  return driver.enabled ? 'active' : 'stopped';
}

export interface DriverFormValues {
  userName: string;
  email: string;
  vehicleId: number | null;
}

type DriverField = 'userName' | 'email' | 'vehicleId';
const DRIVER_FIELDS: readonly string[] = ['userName', 'email', 'vehicleId'];
const driverField = (path: string) => (DRIVER_FIELDS.includes(path) ? (path as DriverField) : null);

export const driverFormValues = (driver: Driver | null): DriverFormValues =>
  driver
    ? { userName: driver.userName, email: driver.email, vehicleId: driver.vehicleId }
    : { userName: '', email: '', vehicleId: null };

/** POST /trans/drivers's body from the add form. */
export function buildDriverCreate(values: DriverFormValues): Built<DriverCreateInput, DriverField> {
  const result = driverCreateSchema.safeParse({
    userName: values.userName ?? '',
    email: values.email ?? '',
    vehicleId: values.vehicleId ?? null,
  });
  return result.success
    ? { ok: true, input: result.data }
    : { ok: false, issues: firstIssues(result.error.issues, driverField) };
}

/** PUT /trans/drivers/{id}'s body: the edit form's values, or a driver as it is with the account stopped or not. */
export function buildDriverUpdate(
  values: Pick<DriverFormValues, 'userName' | 'vehicleId'>,
  enabled: boolean,
): Built<DriverUpdateInput, DriverField> {
  const result = driverUpdateSchema.safeParse({
    userName: values.userName ?? '',
    vehicleId: values.vehicleId ?? null,
    enabled,
  });
  return result.success
    ? { ok: true, input: result.data }
    : { ok: false, issues: firstIssues(result.error.issues, driverField) };
}

export interface VehicleFormValues {
  name: string;
  plateNumber: string;
  vehicleClass: string | null;
  active: boolean;
}

type VehicleField = 'name' | 'plateNumber' | 'vehicleClass' | 'active';
const VEHICLE_FIELDS: readonly string[] = ['name', 'plateNumber', 'vehicleClass', 'active'];
const vehicleField = (path: string) => (VEHICLE_FIELDS.includes(path) ? (path as VehicleField) : null);

export const vehicleFormValues = (vehicle: Vehicle | null): VehicleFormValues =>
  vehicle
    ? {
        name: vehicle.name,
        plateNumber: vehicle.plateNumber,
        vehicleClass: vehicle.vehicleClass,
        active: vehicle.active,
      }
    : { name: '', plateNumber: '', vehicleClass: null, active: true };

/** POST and PUT /trans/vehicles's body from the vehicle form. */
export function buildVehicle(values: VehicleFormValues): Built<VehicleInput, VehicleField> {
  const result = vehicleInputSchema.safeParse({
    name: values.name ?? '',
    plateNumber: values.plateNumber ?? '',
    vehicleClass: values.vehicleClass ?? undefined,
    active: values.active ?? true,
  });
  return result.success
    ? { ok: true, input: result.data }
    : { ok: false, issues: firstIssues(result.error.issues, vehicleField) };
}

/**
 * The vehicles a choice offers: those in use, in the list's order, and the one already chosen even when it is
 * out of use now (so an edit shows it rather than an id).
 */
export function vehicleChoices<V extends Pick<Vehicle, 'id' | 'active'>>(
  vehicles: readonly V[],
  current: number | null,
): { vehicle: V; inactive: boolean }[] {
  return vehicles
    .filter((v) => v.active || v.id === current)
    .map((vehicle) => ({ vehicle, inactive: !vehicle.active }));
}
