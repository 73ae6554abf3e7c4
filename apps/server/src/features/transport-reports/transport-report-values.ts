import type { UnitMeasure } from '@junkan/shared/api/code-masters';
import type { IndustrialReportInput, ReportCorrectionInput } from '@junkan/shared/api/transport-reports';
import type { transportReports } from '../../db/schema';
import type { TransportEndReport } from '../../plugins/jwnet/jwnet-adapter';

type ReportRow = typeof transportReports.$inferInsert;
type StoredRow = typeof transportReports.$inferSelect;

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

/** One set of report values (as reported, or as corrected), with master ids. */
export interface ReportValueSet {
  endDateTransport: string;
  transportVolume: number;
  transportVolumeUnitId: number;
  valuablesCollected: number | null;
  valuablesCollectedUnitId: number | null;
  vehicleNumber: string | null;
  reporter: string | null;
  transporter: string;
  disposalMethodId: number | null;
}

const twoDecimals = (v: number | null) => (v === null ? null : v.toFixed(2));

/** Section 5: valuables are 0, with no unit, when the transport volume is in a count unit (pieces). */
export function withCountUnitRule(values: ReportValueSet, units: readonly UnitMeasure[]): ReportValueSet {
  const unit = units.find((u) => u.id === values.transportVolumeUnitId);
  return unit?.isCount ? { ...values, valuablesCollected: 0, valuablesCollectedUnitId: null } : values;
}

type ValueColumn =
  | 'endDateTransport'
  | 'transportVolume'
  | 'transportVolumeUnitId'
  | 'valuablesCollected'
  | 'valuablesCollectedUnitId'
  | 'vehicleNumber'
  | 'reporter'
  | 'transporter'
  | 'disposalMethodId';

/** The values as the report's own columns. */
export function valueColumns(v: ReportValueSet): Pick<ReportRow, ValueColumn> {
  return {
    endDateTransport: v.endDateTransport,
    transportVolume: v.transportVolume.toFixed(2),
    transportVolumeUnitId: v.transportVolumeUnitId,
    valuablesCollected: twoDecimals(v.valuablesCollected),
    valuablesCollectedUnitId: v.valuablesCollectedUnitId,
    vehicleNumber: v.vehicleNumber,
    reporter: v.reporter,
    transporter: v.transporter,
    disposalMethodId: v.disposalMethodId,
  };
}

/** The values as the corrected (`last_*`) columns. */
export function lastValueColumns(v: ReportValueSet): Partial<ReportRow> {
  return {
    lastEndDateTransport: v.endDateTransport,
    lastTransportVolume: v.transportVolume.toFixed(2),
    lastTransportVolumeUnitId: v.transportVolumeUnitId,
    lastValuablesCollected: twoDecimals(v.valuablesCollected),
    lastValuablesCollectedUnitId: v.valuablesCollectedUnitId,
    lastVehicleNumber: v.vehicleNumber,
    lastReporter: v.reporter,
    lastTransporter: v.transporter,
    lastDisposalMethodId: v.disposalMethodId,
  };
}

/** A numeric column (text from the database) as a number. */
export const num = (v: string | null) => (v === null ? null : Number(v));

/** The values of a stored report as reported (what a resend sends again). */
export function storedValues(r: StoredRow): ReportValueSet {
  return {
    endDateTransport: r.endDateTransport,
    transportVolume: Number(r.transportVolume),
    transportVolumeUnitId: r.transportVolumeUnitId ?? 0,
    valuablesCollected: num(r.valuablesCollected),
    valuablesCollectedUnitId: r.valuablesCollectedUnitId,
    vehicleNumber: r.vehicleNumber,
    reporter: r.reporter,
    transporter: r.transporter,
    disposalMethodId: r.disposalMethodId,
  };
}

/** The corrected values of a stored report (a correction sets them all; the originals fill any gap). */
export function storedLastValues(r: StoredRow): ReportValueSet {
  return {
    endDateTransport: r.lastEndDateTransport ?? r.endDateTransport,
    transportVolume: Number(r.lastTransportVolume ?? r.transportVolume),
    transportVolumeUnitId: r.lastTransportVolumeUnitId ?? r.transportVolumeUnitId ?? 0,
    valuablesCollected: num(r.lastValuablesCollected),
    valuablesCollectedUnitId: r.lastValuablesCollectedUnitId,
    vehicleNumber: r.lastVehicleNumber,
    reporter: r.lastReporter,
    transporter: r.lastTransporter ?? r.transporter,
    disposalMethodId: r.lastDisposalMethodId,
  };
}

/**
 * The report as the network takes it: unit and disposal method by name, empty optional parts left out
 * (valuables only when some were collected).
 */
export function networkReport(
  v: ReportValueSet,
  units: readonly UnitMeasure[],
  disposalMethodName: string | null,
): TransportEndReport {
  const unitName = (id: number | null) => units.find((u) => u.id === id)?.unit;
  const valuablesUnit = unitName(v.valuablesCollectedUnitId);
  return {
    transportEndDate: v.endDateTransport,
    volume: v.transportVolume,
    unit: unitName(v.transportVolumeUnitId) ?? '',
    ...(v.valuablesCollected && valuablesUnit
      ? { valuables: { volume: v.valuablesCollected, unit: valuablesUnit } }
      : {}),
    ...(v.vehicleNumber ? { vehicleNumber: v.vehicleNumber } : {}),
    ...(v.reporter ? { reporter: v.reporter } : {}),
    transporter: v.transporter,
    ...(disposalMethodName ? { disposalMethod: disposalMethodName } : {}),
  };
}

/** The fields of `I` whose values fit a report value of type `V` (an optional one only where `V` takes null). */
type FieldOf<I, V> = {
  [F in keyof I]-?: I[F] extends V | (null extends V ? undefined : never) ? F : never;
}[keyof I];

/** Which field of a request carries each report value (and so which field an error about it names). */
type ValueFields<I> = { [K in keyof ReportValueSet]: FieldOf<I, ReportValueSet[K]> };

/** A new report carries its values in its own fields. */
export const REPORT_FIELDS = {
  endDateTransport: 'transportEndDate',
  transportVolume: 'transportVolume',
  transportVolumeUnitId: 'transportVolumeUnit',
  valuablesCollected: 'valuablesCollected',
  valuablesCollectedUnitId: 'valuablesCollectedUnit',
  vehicleNumber: 'vehicleNumber',
  reporter: 'reporter',
  transporter: 'transporter',
  disposalMethodId: 'disposalMethodId',
} as const satisfies ValueFields<IndustrialReportInput>;

/** A correction carries them in its `last*` fields. */
export const CORRECTION_FIELDS = {
  endDateTransport: 'lastEndDateTransport',
  transportVolume: 'lastTransportVolume',
  transportVolumeUnitId: 'lastTransportVolumeUnit',
  valuablesCollected: 'lastValuablesCollected',
  valuablesCollectedUnitId: 'lastValuablesCollectedUnit',
  vehicleNumber: 'lastVehicleNumber',
  reporter: 'lastReporter',
  transporter: 'lastTransporter',
  disposalMethodId: 'lastDisposalMethodId',
} as const satisfies ValueFields<ReportCorrectionInput>;

/** The report values a request carries (an absent optional one null), with the count-unit rule applied. */
export function requestValues<I>(
  input: I,
  fields: ValueFields<I>,
  units: readonly UnitMeasure[],
): ReportValueSet {
  const values = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, input[field as keyof I] ?? null]),
  ) as unknown as ReportValueSet;
  return withCountUnitRule(values, units);
}

/** The correction as the rules read it: the report's last-values. */
export function correctionRuleValues(v: ReportValueSet) {
  return {
    lastEndDateTransport: v.endDateTransport,
    lastTransportVolume: v.transportVolume,
    lastTransportVolumeUnit: v.transportVolumeUnitId,
    lastValuablesCollected: v.valuablesCollected,
    lastValuablesCollectedUnit: v.valuablesCollectedUnitId,
    lastVehicleNumber: v.vehicleNumber,
    lastReporter: v.reporter,
    lastTransporter: v.transporter,
    lastDisposalMethodId: v.disposalMethodId,
  };
}
