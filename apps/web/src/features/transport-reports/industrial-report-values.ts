import type { UnitMeasure } from '@junkan/shared/api/code-masters';
import {
  collectTimeIssues,
  type IndustrialReportInput,
  type IndustrialReportOptions,
  industrialReportSchema,
  reportDateIssues,
} from '@junkan/shared/api/transport-reports';
import { isCountUnit } from '@junkan/shared/rules/report-values';
import { isValuablesWithoutTransshipment } from '@junkan/shared/rules/valuables-transshipment';
import { type Built, firstIssues } from '../../lib/form-issues';

type OptionProject = IndustrialReportOptions['projects'][number];
type ReportableManifest = OptionProject['manifests'][number];

/** The industrial report form as antd holds it: ids from selects, YYYY-MM-DD dates, volumes as typed text. */
export interface IndustrialReportFormValues {
  projectId?: number | null;
  collectTime?: string | null;
  wasteId?: number | null;
  transportEndDate?: string | null;
  manifestId?: string | null;
  vehicleNumber?: string | null;
  transportVolume?: string;
  transportVolumeUnit?: number | null;
  valuablesCollected?: string;
  valuablesCollectedUnit?: number | null;
  reporter?: string | null;
  transporter?: string | null;
  disposalMethodId?: number | null;
}

/** Section 5: volumes start at 0.00. */
export const INDUSTRIAL_FORM_DEFAULTS: IndustrialReportFormValues = {
  transportVolume: '0.00',
  valuablesCollected: '0.00',
};

export const findUnit = (units: readonly UnitMeasure[], id: number | null | undefined) =>
  id == null ? undefined : units.find((u) => u.id === id);

/** A transport counted in pieces has no valuables collected: the field is disabled and 0 (section 5). */
export const isCountUnitId = (units: readonly UnitMeasure[], id: number | null | undefined) =>
  isCountUnit(findUnit(units, id));

export const findProject = (options: IndustrialReportOptions | undefined, id: number | null | undefined) =>
  id == null ? undefined : options?.projects.find((p) => p.id === id);

/**
 * What choosing a manifest fills in when still empty: its delivery date as the collection date and the
 * project's waste of the same name.
 */
export function manifestDefaults(
  manifest: ReportableManifest,
  project: OptionProject,
  values: IndustrialReportFormValues,
): Partial<IndustrialReportFormValues> {
  const out: Partial<IndustrialReportFormValues> = {};
  if (!values.collectTime && manifest.deliveryDate) out.collectTime = manifest.deliveryDate;
  if (!values.wasteId) {
    const waste = project.wastes.find((w) => w.wasteName === manifest.wasteName);
    if (waste) out.wasteId = waste.wasteId;
  }
  return out;
}

/** The fields to clear when another project is chosen: its wastes and manifests are not the old one's. */
export function fieldsToClearOnProjectChange(
  project: OptionProject | undefined,
  values: IndustrialReportFormValues,
): (keyof IndustrialReportFormValues)[] {
  const clear: (keyof IndustrialReportFormValues)[] = [];
  if (values.wasteId && !project?.wastes.some((w) => w.wasteId === values.wasteId)) clear.push('wasteId');
  if (values.manifestId && !project?.manifests.some((m) => m.manifestNumber === values.manifestId))
    clear.push('manifestId');
  return clear;
}

/** A collection whose transport report is being made: the report counts for it by project and date. */
export interface IndustrialReportPreset {
  projectId: number;
  /** YYYY-MM-DD: the collection date. */
  collectTime: string;
}

/**
 * The fields a preset fills in, once the options are loaded: the project only when it can still be reported
 * (in progress), with the collection date. Nothing when the form already holds another project or a date
 * (a single project is chosen by itself: the same one is kept), so the form otherwise starts as usual.
 */
export function presetFields(
  preset: IndustrialReportPreset | null | undefined,
  options: IndustrialReportOptions | undefined,
  current: Pick<IndustrialReportFormValues, 'projectId' | 'collectTime'> = {},
): IndustrialReportPreset | null {
  if (!preset || !findProject(options, preset.projectId)) return null;
  if ((current.projectId ?? preset.projectId) !== preset.projectId || current.collectTime) return null;
  return { projectId: preset.projectId, collectTime: preset.collectTime };
}

export type IndustrialFormField = keyof IndustrialReportFormValues;

const INDUSTRIAL_FIELDS: readonly IndustrialFormField[] = [
  'projectId',
  'collectTime',
  'wasteId',
  'transportEndDate',
  'manifestId',
  'vehicleNumber',
  'transportVolume',
  'transportVolumeUnit',
  'valuablesCollected',
  'valuablesCollectedUnit',
  'reporter',
  'transporter',
  'disposalMethodId',
];

/** Server and schema field names to the form's: the discharger comes with the project. */
export function industrialFieldOf(path: string): IndustrialFormField | null {
  if (path === 'dischargerId') return 'projectId';
  return (INDUSTRIAL_FIELDS as readonly string[]).includes(path) ? (path as IndustrialFormField) : null;
}

const blankToNull = <T>(v: T | null | undefined) => (v === undefined || v === '' ? null : v);

/**
 * The POST body from the form: the discharger taken from the chosen project, valuables sent as 0 without a
 * unit when the transport unit counts pieces, then the shared schema and the date rules against the
 * server's `today` (the end date neither before the collection nor after today).
 */
export function buildIndustrialReport(
  values: IndustrialReportFormValues,
  options: IndustrialReportOptions,
): Built<IndustrialReportInput, IndustrialFormField> {
  const project = findProject(options, values.projectId);
  const counted = isCountUnitId(options.units, values.transportVolumeUnit);
  const result = industrialReportSchema.safeParse({
    dischargerId: project?.dischargerId,
    projectId: values.projectId ?? undefined,
    collectTime: values.collectTime ?? '',
    wasteId: values.wasteId ?? undefined,
    transportEndDate: values.transportEndDate ?? '',
    manifestId: blankToNull(values.manifestId),
    vehicleNumber: blankToNull(values.vehicleNumber),
    transportVolume: values.transportVolume ?? '',
    transportVolumeUnit: values.transportVolumeUnit ?? undefined,
    valuablesCollected: counted ? 0 : blankToNull(values.valuablesCollected),
    valuablesCollectedUnit: counted ? null : blankToNull(values.valuablesCollectedUnit),
    reporter: blankToNull(values.reporter),
    transporter: values.transporter ?? '',
    disposalMethodId: blankToNull(values.disposalMethodId),
  });
  const dateIssues = [
    ...collectTimeIssues(values.collectTime ?? '', options.today),
    ...reportDateIssues(
      { collectTime: values.collectTime ?? '', transportEndDate: values.transportEndDate ?? '' },
      options.today,
    ),
  ].map((i) => ({ path: [i.path], message: i.code }));
  const issues = [...(result.success ? [] : result.error.issues), ...dateIssues];
  if (result.success && issues.length === 0) return { ok: true, input: result.data };
  return { ok: false, issues: firstIssues(issues, industrialFieldOf) };
}

/**
 * Whether the report about to be sent has valuables collected on a day its route had no transshipment storage
 * for the waste (the server's rule on the options' periods): the transporter is asked before sending.
 */
export function valuablesWithoutTransshipment(
  input: IndustrialReportInput,
  options: IndustrialReportOptions,
): boolean {
  const waste = findProject(options, input.projectId)?.wastes.find((w) => w.wasteId === input.wasteId);
  return isValuablesWithoutTransshipment(
    input.valuablesCollected,
    waste?.transshipmentPeriods ?? [],
    input.transportEndDate,
  );
}
