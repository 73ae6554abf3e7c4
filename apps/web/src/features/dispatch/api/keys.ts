/**
 * Every query of the drivers' office screens (drivers, vehicles, a day's dispatch, the conflicts) sits under this
 * key: a driver's vehicle, a vehicle's drivers and the dispatch's names read each other, so a write refreshes all.
 */
export const DRIVER_OFFICE_KEY = ['driver-office'] as const;
