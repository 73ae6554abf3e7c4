import type { transportReports } from '../../db/schema';

type ReportRow = typeof transportReports.$inferInsert;

/** The corrected (`last_*`) columns emptied: no correction awaits or is shown. */
export function clearedLastValues(): Partial<ReportRow> {
  return {
    lastEndDateTransport: null,
    lastTransportVolume: null,
    lastTransportVolumeUnitId: null,
    lastValuablesCollected: null,
    lastValuablesCollectedUnitId: null,
    lastVehicleNumber: null,
    lastReporter: null,
    lastTransporter: null,
    lastDisposalMethodId: null,
  };
}
