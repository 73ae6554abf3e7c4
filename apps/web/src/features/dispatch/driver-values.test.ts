import { describe, expect, it } from 'vitest';
import {
  buildDriverCreate,
  buildDriverUpdate,
  buildVehicle,
  driverFormValues,
  driverState,
  vehicleChoices,
  vehicleFormValues,
} from './driver-values';

describe('driverState', () => {
  it.each([
    [{ activated: false, enabled: false }, 'invited'],
    [{ activated: false, enabled: true }, 'invited'],
    [{ activated: true, enabled: true }, 'active'],
    [{ activated: true, enabled: false }, 'stopped'],
  ] as const)('%o is %s', (driver, state) => {
    expect(driverState(driver)).toBe(state);
  });
});

describe('driver form', () => {
  it('starts empty for a new driver and from the driver for an edit', () => {
    expect(driverFormValues(null)).toEqual({ userName: '', email: '', vehicleId: null });
    expect(
      driverFormValues({
        id: 3,
        userName: '山田 太郎',
        email: 'yamada@example.com',
        vehicleId: 7,
        vehicleName: '2t-1',
        enabled: true,
        activated: true,
        lastLoginAt: null,
      }),
    ).toEqual({ userName: '山田 太郎', email: 'yamada@example.com', vehicleId: 7 });
  });

  it('trims the name and keeps no vehicle as null', () => {
    expect(buildDriverCreate({ userName: ' 山田 ', email: 'a@example.com', vehicleId: null })).toEqual({
      ok: true,
      input: { userName: '山田', email: 'a@example.com', vehicleId: null },
    });
  });

  it('puts each refusal on its field', () => {
    const built = buildDriverCreate({ userName: ' ', email: 'not-a-mail', vehicleId: null });
    expect(built).toEqual({
      ok: false,
      issues: [
        { name: 'userName', code: 'MSG_00_21' },
        { name: 'email', code: 'MSG_00_22' },
      ],
    });
  });

  it('sends the account state with an edit', () => {
    expect(buildDriverUpdate({ userName: '山田', vehicleId: 4 }, false)).toEqual({
      ok: true,
      input: { userName: '山田', vehicleId: 4, enabled: false },
    });
    expect(buildDriverUpdate({ userName: 'x'.repeat(65), vehicleId: null }, true)).toEqual({
      ok: false,
      issues: [{ name: 'userName', code: 'max_length_exceeded' }],
    });
  });
});

describe('vehicle form', () => {
  it('starts in use for a new vehicle', () => {
    expect(vehicleFormValues(null)).toEqual({ name: '', plateNumber: '', vehicleClass: null, active: true });
  });

  it('builds the body, the plate optional', () => {
    expect(buildVehicle({ name: ' 2t-1 ', plateNumber: '', vehicleClass: 'T2', active: true })).toEqual({
      ok: true,
      input: { name: '2t-1', plateNumber: '', vehicleClass: 'T2', active: true },
    });
  });

  it('requires a name and a class', () => {
    expect(
      buildVehicle({ name: '', plateNumber: '品川 100 あ 12-34', vehicleClass: null, active: false }),
    ).toEqual({
      ok: false,
      issues: [
        { name: 'name', code: 'MSG_00_21' },
        { name: 'vehicleClass', code: 'MSG_00_21' },
      ],
    });
  });
});

describe('vehicleChoices', () => {
  const vehicles = [
    { id: 1, active: true },
    { id: 2, active: false },
    { id: 3, active: true },
  ];
  it('offers the vehicles in use, and the chosen one even when it is out of use', () => {
    expect(vehicleChoices(vehicles, null).map((c) => c.vehicle.id)).toEqual([1, 3]);
    expect(vehicleChoices(vehicles, 2)).toEqual([
      { vehicle: vehicles[0], inactive: false },
      { vehicle: vehicles[1], inactive: true },
      { vehicle: vehicles[2], inactive: false },
    ]);
  });
});
