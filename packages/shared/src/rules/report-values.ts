/**
 * The values of a transport (completion) report, section 4: each carried twice, as reported and as corrected
 * (`last` prefix); editing moves them between the two, and the discharger's highlight compares them. A count
 * unit (pieces) has no valuables collected.
 */

/** The values a report carries twice: as reported and as corrected (`last` prefix). */
export const REPORT_VALUE_FIELDS = [
  'endDateTransport',
  'transportVolume',
  'transportVolumeUnit',
  'valuablesCollected',
  'valuablesCollectedUnit',
  'vehicleNumber',
  'reporter',
  'transporter',
  'disposalMethodId',
] as const;
export type ReportValueField = (typeof REPORT_VALUE_FIELDS)[number];
export type LastValueField<F extends ReportValueField = ReportValueField> = `last${Capitalize<F>}`;

/** Volumes as the server sends them (numbers) or as a form holds them (text with commas). */
type VolumeValue = number | string | null;

export interface ReportValues {
  endDateTransport?: string | null;
  transportVolume?: VolumeValue;
  /** Unit of measure id (unit master). */
  transportVolumeUnit?: number | null;
  valuablesCollected?: VolumeValue;
  valuablesCollectedUnit?: number | null;
  vehicleNumber?: string | null;
  reporter?: string | null;
  transporter?: string | null;
  disposalMethodId?: number | null;
}
export type LastReportValues = { [F in keyof ReportValues as `last${Capitalize<F>}`]: ReportValues[F] };

export function lastFieldOf<F extends ReportValueField>(field: F): LastValueField<F> {
  return `last${field.charAt(0).toUpperCase()}${field.slice(1)}` as LastValueField<F>;
}

/** Empty: null, undefined or blank text. */
export const isEmptyReportValue = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** A deletion request and its rejection carry no corrected values; a correction carries them all. */
export function hasLastValues(report: LastReportValues): boolean {
  return REPORT_VALUE_FIELDS.some((f) => !isEmptyReportValue(report[lastFieldOf(f)]));
}

export function isZeroOrEmptyVolume(value: VolumeValue | undefined): boolean {
  if (isEmptyReportValue(value)) return true;
  return Number(String(value).replaceAll(',', '')) === 0;
}

// ---- editing ----

/** Editing starts from the current values: each is copied to its last-value. */
export function startEditing<T extends ReportValues & LastReportValues>(report: T): T {
  const next = { ...report } as Record<string, unknown>;
  for (const field of REPORT_VALUE_FIELDS) next[lastFieldOf(field)] = report[field] ?? null;
  return next as T;
}

/** The last-values written onto the originals, then cleared (an approved or non-synced correction). */
export function applyLastValues<T extends ReportValues & LastReportValues>(report: T): T {
  const next = { ...report } as Record<string, unknown>;
  for (const field of REPORT_VALUE_FIELDS) {
    next[field] = report[lastFieldOf(field)] ?? null;
    next[lastFieldOf(field)] = null;
  }
  return next as T;
}

export function clearLastValues<T extends LastReportValues>(report: T): T {
  const next = { ...report } as Record<string, unknown>;
  for (const field of REPORT_VALUE_FIELDS) next[lastFieldOf(field)] = null;
  return next as T;
}

const VOLUME_FIELDS: readonly ReportValueField[] = ['transportVolume', 'valuablesCollected'];

function comparable(field: ReportValueField, value: unknown): unknown {
  if (isEmptyReportValue(value)) return null;
  if (VOLUME_FIELDS.includes(field)) return Number(String(value).replaceAll(',', ''));
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * Fields whose corrected value differs from the original, for the discharger's highlight. Empty and
 * null are the same; volumes compare as numbers (1,234.50 = 1234.5). Nothing when there is no correction.
 */
export function changedFields(report: ReportValues & LastReportValues): ReportValueField[] {
  if (!hasLastValues(report)) return [];
  return REPORT_VALUE_FIELDS.filter(
    (f) => comparable(f, report[f]) !== comparable(f, report[lastFieldOf(f)]),
  );
}

/**
 * Units counted in pieces (個, 台, 本...): a report in such a unit has no valuables collected, so the field
 * is disabled and 0. The unit master's `isCount` flag decides when given; a bare unit name is matched
 * against the common Japanese and English count words below.
 */
export const COUNT_UNIT_NAMES = [
  '個',
  '台',
  '本',
  '枚',
  '袋',
  '箱',
  '缶',
  '基',
  '体',
  'pc',
  'pcs',
  'piece',
  'pieces',
  'unit',
  'units',
] as const;

export function isCountUnit(unit: string | { unit: string; isCount?: boolean } | null | undefined): boolean {
  if (unit == null) return false;
  if (typeof unit !== 'string' && typeof unit.isCount === 'boolean') return unit.isCount;
  const name = (typeof unit === 'string' ? unit : unit.unit).trim().toLowerCase();
  return (COUNT_UNIT_NAMES as readonly string[]).includes(name);
}
