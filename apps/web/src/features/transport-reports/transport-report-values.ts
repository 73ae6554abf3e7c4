import type { UnitMeasure } from '@junkan/shared/api/code-masters';
import {
  correctionDateIssues,
  type ReportCorrectionInput,
  reportCorrectionSchema,
  type TransportReport,
} from '@junkan/shared/api/transport-reports';
import type { MessageCode } from '@junkan/shared/messages';
import type { ReportAction, ReportActionVariant, ReportDialogAction } from '@junkan/shared/report-rules';
import { startEditing } from '@junkan/shared/rules/report-values';
import { formatVolume } from '../../components/form/volume';
import { type Built, firstIssues } from '../../lib/form-issues';
import { isCountUnitId } from './industrial-report-values';

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * The server's clock now: its `checkedAt` plus the time since the answer arrived (`receivedAt`, this
 * machine's clock), so a wrong clock on this machine does not open or close the network's hours.
 */
export function serverNow(checkedAt: string, receivedAt: number, clientNow: number): Date {
  const base = Date.parse(checkedAt);
  if (Number.isNaN(base)) return new Date(clientNow);
  return new Date(base + Math.max(0, clientNow - receivedAt));
}

/** The Japan date (YYYY-MM-DD) of an instant. */
export function japanDateOf(instant: Date): string {
  return new Date(instant.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The correction form (the dialog's EDITING mode) holds the last-values, volumes as typed text. */
export interface CorrectionFormValues {
  lastEndDateTransport?: string | null;
  lastTransportVolume?: string;
  lastTransportVolumeUnit?: number | null;
  lastValuablesCollected?: string;
  lastValuablesCollectedUnit?: number | null;
  lastVehicleNumber?: string | null;
  lastReporter?: string | null;
  lastTransporter?: string | null;
  lastDisposalMethodId?: number | null;
}
export type CorrectionFormField = keyof CorrectionFormValues;

const CORRECTION_FIELDS: readonly CorrectionFormField[] = [
  'lastEndDateTransport',
  'lastTransportVolume',
  'lastTransportVolumeUnit',
  'lastValuablesCollected',
  'lastValuablesCollectedUnit',
  'lastVehicleNumber',
  'lastReporter',
  'lastTransporter',
  'lastDisposalMethodId',
];

export function correctionFieldOf(path: string): CorrectionFormField | null {
  return (CORRECTION_FIELDS as readonly string[]).includes(path) ? (path as CorrectionFormField) : null;
}

const volumeText = (v: number | null | undefined) => (v == null ? '' : formatVolume(String(v)));

/** Editing starts from the current values (`startEditing` copies them to the last-values). */
export function correctionFormValues(report: TransportReport): CorrectionFormValues {
  const r = startEditing(report);
  return {
    lastEndDateTransport: r.lastEndDateTransport,
    lastTransportVolume: volumeText(r.lastTransportVolume),
    lastTransportVolumeUnit: r.lastTransportVolumeUnit,
    lastValuablesCollected: volumeText(r.lastValuablesCollected),
    lastValuablesCollectedUnit: r.lastValuablesCollectedUnit,
    lastVehicleNumber: r.lastVehicleNumber ?? '',
    lastReporter: r.lastReporter ?? '',
    lastTransporter: r.lastTransporter ?? '',
    lastDisposalMethodId: r.lastDisposalMethodId,
  };
}

const blankToNull = <T>(v: T | null | undefined) => (v === undefined || v === '' ? null : v);

/**
 * The PUT body from the correction form: valuables 0 without a unit in a count unit, the shared schema,
 * and the end date between the stored collection date and the server's `today`.
 */
export function buildCorrection(
  values: CorrectionFormValues,
  report: Pick<TransportReport, 'collectTime' | 'units'>,
  today: string,
): Built<ReportCorrectionInput, CorrectionFormField> {
  const counted = isCountUnitId(report.units, values.lastTransportVolumeUnit);
  const result = reportCorrectionSchema.safeParse({
    lastEndDateTransport: values.lastEndDateTransport ?? '',
    lastTransportVolume: values.lastTransportVolume ?? '',
    lastTransportVolumeUnit: values.lastTransportVolumeUnit ?? undefined,
    lastValuablesCollected: counted ? 0 : blankToNull(values.lastValuablesCollected),
    lastValuablesCollectedUnit: counted ? null : blankToNull(values.lastValuablesCollectedUnit),
    lastVehicleNumber: blankToNull(values.lastVehicleNumber),
    lastReporter: blankToNull(values.lastReporter),
    lastTransporter: values.lastTransporter ?? '',
    lastDisposalMethodId: blankToNull(values.lastDisposalMethodId),
  });
  const dateIssues = correctionDateIssues(
    { collectTime: report.collectTime, lastEndDateTransport: values.lastEndDateTransport ?? '' },
    today,
  ).map((i) => ({ path: [i.path], message: i.code }));
  const issues = [...(result.success ? [] : result.error.issues), ...dateIssues];
  if (result.success && issues.length === 0) return { ok: true, input: result.data };
  return { ok: false, issues: firstIssues(issues, correctionFieldOf) };
}

/**
 * The report with the form's corrected volume as its last-value, for the FIX rule (a synced report's
 * corrected volume must not be empty or 0) while the transporter types.
 */
export function withTypedVolume(report: TransportReport, typed: string | undefined): TransportReport {
  const plain = (typed ?? '').replaceAll(',', '').trim();
  const volume = plain === '' ? null : Number(plain);
  return { ...startEditing(report), lastTransportVolume: Number.isNaN(volume) ? null : volume };
}

/** The server call of each action that has one (FIX_REPORT only opens the form). */
export function reportActionCall(
  action: Exclude<ReportAction, 'FIX_REPORT'>,
  id: number,
): { method: 'PUT' | 'POST'; path: string } {
  switch (action) {
    case 'FIX':
      return { method: 'PUT', path: `/trans/transport-reports/${id}` };
    case 'CANCEL_REPORT':
      return { method: 'POST', path: `/trans/transport-reports/${id}/cancel` };
    case 'CONFIRM_REJECTION':
      return { method: 'POST', path: `/trans/transport-reports/${id}/confirm-rejection` };
    case 'APPROVE':
      return { method: 'POST', path: `/transport-reports/${id}/approve` };
    case 'REJECT':
      return { method: 'POST', path: `/transport-reports/${id}/reject` };
    case 'RESEND':
      return { method: 'POST', path: `/trans/transport-reports/${id}/resend` };
  }
}

/** GET of one report: the role decides the path. */
export const transportReportPath = (isTransport: boolean, id: number) =>
  `${isTransport ? '/trans' : ''}/transport-reports/${id}`;

export interface ConfirmTexts {
  title: string;
  content: string;
  ok: string;
  danger: boolean;
}

const CONFIRM = 'reportDialog.confirm';

/**
 * The question before an action (keys in the reportDialog namespace): a correction and a cancellation of
 * a synced report go to the discharger, a non-synced one takes effect at once; approving or rejecting
 * speaks of a correction or a deletion request; confirming a rejection of a cancellation or of a correction.
 */
export function confirmTexts(
  action: Exclude<ReportAction, 'FIX_REPORT'>,
  variant: ReportActionVariant | undefined,
  isSynced: boolean,
): ConfirmTexts {
  const synced = isSynced ? 'synced' : 'notSynced';
  switch (action) {
    case 'FIX':
      return {
        title: `${CONFIRM}.fix.title`,
        content: `${CONFIRM}.fix.${synced}`,
        ok: 'reportDialog.action.FIX',
        danger: false,
      };
    case 'CANCEL_REPORT':
      return {
        title: `${CONFIRM}.cancel.title`,
        content: `${CONFIRM}.cancel.${synced}`,
        ok: 'reportDialog.action.CANCEL_REPORT',
        danger: true,
      };
    case 'APPROVE': {
      const of = variant === 'DELETION' ? 'deletion' : 'correction';
      return {
        title: `${CONFIRM}.approve.title`,
        content: `${CONFIRM}.approve.${of}`,
        ok: 'reportDialog.action.APPROVE',
        danger: of === 'deletion',
      };
    }
    case 'REJECT': {
      const of = variant === 'DELETION' ? 'deletion' : 'correction';
      return {
        title: `${CONFIRM}.reject.title`,
        content: `${CONFIRM}.reject.${of}`,
        ok: 'reportDialog.action.REJECT',
        danger: true,
      };
    }
    case 'CONFIRM_REJECTION': {
      const of = variant === 'CANCEL_REJECTION' ? 'cancel' : 'modification';
      return {
        title: `${CONFIRM}.confirmRejection.title`,
        content: `${CONFIRM}.confirmRejection.${of}`,
        ok: 'reportDialog.action.CONFIRM_REJECTION',
        danger: false,
      };
    }
    case 'RESEND':
      return {
        title: `${CONFIRM}.resend.title`,
        content: `${CONFIRM}.resend.content`,
        ok: 'reportDialog.action.RESEND',
        danger: false,
      };
  }
}

/** How an action's button looks: the step that moves the report on is primary, a refusal or removal danger. */
export function reportActionLook(action: ReportAction): { primary: boolean; danger: boolean } {
  return {
    primary:
      action === 'APPROVE' || action === 'FIX' || action === 'CONFIRM_REJECTION' || action === 'RESEND',
    danger: action === 'CANCEL_REPORT' || action === 'REJECT',
  };
}

/** What a successful action toasts, when it was not turned into a request for approval. */
export function actionDoneKey(action: Exclude<ReportAction, 'FIX_REPORT'>, deleted: boolean): string {
  if (deleted) return 'reportDialog.done.deleted';
  return `reportDialog.done.${action}`;
}

/** Section 8's warnings about the manifest network, shown in the dialog when they disable a button. */
export const NETWORK_WARNING_CODES = [
  'manifest_id_missing',
  'jwnet_unavailable',
  'jwnet_service_stopped',
  'jwnet_outside_hours',
] as const satisfies readonly MessageCode[];

/**
 * Warnings about the manifest itself (its registration not reflected yet, or a function still running on
 * it, this product's queued work included): shown under the manifest number, each in its own words.
 */
export const MANIFEST_STATE_CODES = [
  'jwnet_registration_pending',
  'jwnet_function_running',
] as const satisfies readonly MessageCode[];

const disabledReasons = (actions: readonly ReportDialogAction[]) =>
  new Set(actions.flatMap((a) => (!a.enabled && a.reason ? [a.reason] : [])));

/** The warnings to show above the values: each network reason a disabled button has, once, in rule order. */
export function networkWarnings(actions: readonly ReportDialogAction[]): MessageCode[] {
  const reasons = disabledReasons(actions);
  return NETWORK_WARNING_CODES.filter((code) => reasons.has(code));
}

/** The manifest's state that disables a button, if any (one situation at a time, the rules' first). */
export function manifestStateWarning(actions: readonly ReportDialogAction[]): MessageCode | null {
  const reasons = disabledReasons(actions);
  return MANIFEST_STATE_CODES.find((code) => reasons.has(code)) ?? null;
}

/** A volume with its unit name as the dialog shows it (1,234.50 t); empty when there is none. */
export function volumeWithUnit(
  value: number | null | undefined,
  unitId: number | null | undefined,
  units: readonly UnitMeasure[],
): string {
  if (value == null) return '';
  const unit = unitId == null ? undefined : units.find((u) => u.id === unitId);
  return `${formatVolume(String(value))}${unit ? ` ${unit.unit}` : ''}`;
}
