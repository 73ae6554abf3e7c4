import type { ReportStatus } from './enums';
import type { MessageCode } from './messages';
import { isJwnetServiceHours, runningFunctionBlock } from './rules/jwnet-service';
import {
  hasLastValues,
  isEmptyReportValue,
  isZeroOrEmptyVolume,
  type LastReportValues,
  type ReportValues,
} from './rules/report-values';

/**
 * Rules of the transport (completion) report dialog, section 4: status labels, dialog mode, the actions
 * each mode offers and when they are disabled, and what each action does to the report. The screens use
 * them for the dialog, the server for its checks (`reportActionRefusal`, `reportActionResult`). The values
 * they read are in rules/report-values.ts, the network's window and running functions in rules/jwnet-service.ts.
 */

export type ReportRole = 'WASTE' | 'TRANSPORT';

/** What the rules read of a report (the response schema `TransportReport` satisfies it). */
export interface ReportRuleState extends ReportValues, LastReportValues {
  status: ReportStatus;
  manifestId?: string | null;
  manifestStatus?: string | null;
  runningFunctions?: readonly string[];
  isSyncedJWNet: boolean;
  isJWNetApiAvailable: boolean;
  isJWNetServiceStopDay?: boolean;
  /** Why the network refused the report's latest work (a message code), else null. */
  jwnetRefusal?: MessageCode | null;
  /** Work for the network still queued or waiting for its result. */
  jwnetPending?: boolean;
}

// ---- status labels (keys in the web app's enums namespace) ----

export const REPORT_STATUS_LABEL_KEYS = [
  'reportStatus.AWAITING_APPROVAL',
  'reportStatus.AWAITING_APPROVAL_DISCHARGER',
  'reportStatus.REJECTION',
] as const;
export type ReportStatusLabelKey = (typeof REPORT_STATUS_LABEL_KEYS)[number];

/** Status column: awaiting approval (worded for the discharger, who has to act) or rejection; else empty. */
export function reportStatusLabelKey(
  status: ReportStatus,
  isDischarger: boolean,
): ReportStatusLabelKey | null {
  if (status === 'ACCEPTANCE_OR_DENIAL' || status === 'REQUEST_DELETE')
    return isDischarger ? 'reportStatus.AWAITING_APPROVAL_DISCHARGER' : 'reportStatus.AWAITING_APPROVAL';
  if (status === 'REJECTION') return 'reportStatus.REJECTION';
  return null;
}

// ---- dialog mode, width, title ----

export const REPORT_DIALOG_MODES = ['READ_ONLY', 'REVIEW', 'EDITABLE', 'EDITING', 'APPROVAL'] as const;
export type ReportDialogMode = (typeof REPORT_DIALOG_MODES)[number];

/**
 * The mode the dialog opens in. EDITING is never returned: the transporter enters it from EDITABLE with
 * the fix-report button (`startEditing`).
 */
export function reportDialogMode(
  report: Pick<ReportRuleState, 'status'> & LastReportValues,
  role: ReportRole,
): ReportDialogMode {
  const { status } = report;
  // A rejected deletion request has nothing to compare; a rejected correction shows both sides.
  if (status === 'REJECTION') return hasLastValues(report) ? 'REVIEW' : 'READ_ONLY';
  if (role === 'TRANSPORT') {
    if (status === 'ACCEPTANCE_OR_DENIAL') return 'REVIEW';
    if (status === 'REQUEST_DELETE') return 'READ_ONLY';
    return 'EDITABLE';
  }
  return status === 'ACCEPTANCE_OR_DENIAL' ? 'APPROVAL' : 'READ_ONLY';
}

/** Two columns (original and corrected) need the wide dialog. */
export function reportDialogWidth(mode: ReportDialogMode): 900 | 600 {
  return mode === 'REVIEW' || mode === 'EDITING' || mode === 'APPROVAL' ? 900 : 600;
}

export const REPORT_DIALOG_TITLE_KEYS = [
  'reportDialog.title.report',
  'reportDialog.title.editing',
  'reportDialog.title.awaitingApproval',
  'reportDialog.title.approval',
  'reportDialog.title.deletionRequested',
  'reportDialog.title.cancelRejected',
  'reportDialog.title.modificationRejected',
] as const;
export type ReportDialogTitleKey = (typeof REPORT_DIALOG_TITLE_KEYS)[number];

/** A rejection is of a deletion request (cancel) when no corrected volume exists, else of a correction. */
export function rejectionKind(report: LastReportValues): 'CANCEL_REJECTION' | 'MODIFICATION_REJECTION' {
  return isEmptyReportValue(report.lastTransportVolume) ? 'CANCEL_REJECTION' : 'MODIFICATION_REJECTION';
}

export function reportDialogTitleKey(
  mode: ReportDialogMode,
  report: Pick<ReportRuleState, 'status'> & LastReportValues,
): ReportDialogTitleKey {
  if (mode === 'EDITING') return 'reportDialog.title.editing';
  if (mode === 'APPROVAL') return 'reportDialog.title.approval';
  if (report.status === 'REJECTION')
    return rejectionKind(report) === 'CANCEL_REJECTION'
      ? 'reportDialog.title.cancelRejected'
      : 'reportDialog.title.modificationRejected';
  if (report.status === 'REQUEST_DELETE') return 'reportDialog.title.deletionRequested';
  if (report.status === 'ACCEPTANCE_OR_DENIAL') return 'reportDialog.title.awaitingApproval';
  return 'reportDialog.title.report';
}

// ---- actions and disabling rules ----

export const REPORT_ACTIONS = [
  /** Transporter: ask to delete (cancel) the report. */
  'CANCEL_REPORT',
  /** Transporter: start editing (EDITABLE -> EDITING); no call to the server. */
  'FIX_REPORT',
  /** Transporter: save the correction. */
  'FIX',
  /** Discharger: reject a correction or a deletion request. */
  'REJECT',
  /** Discharger: approve a correction or a deletion request. */
  'APPROVE',
  /** Transporter: acknowledge the discharger's rejection. */
  'CONFIRM_REJECTION',
  /** Transporter: send a transport-end report the network refused again, as it is. */
  'RESEND',
] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/**
 * What the confirmation text is about: REJECT/APPROVE of a correction or of a deletion request;
 * CONFIRM_REJECTION of a rejected deletion (cancel) or a rejected correction (modification).
 */
export type ReportActionVariant = 'CORRECTION' | 'DELETION' | 'CANCEL_REJECTION' | 'MODIFICATION_REJECTION';

export interface ReportDialogAction {
  action: ReportAction;
  enabled: boolean;
  /** Why it is disabled (a message code the dialog can show). */
  reason?: MessageCode;
  variant?: ReportActionVariant;
}

/**
 * A report whose transport-end report the network refused: not synced, with a manifest number, nothing on
 * its way and a refusal recorded. It can be sent again as it is (RESEND).
 */
export function isRefusedReport(
  report: Pick<ReportRuleState, 'isSyncedJWNet' | 'manifestId' | 'jwnetRefusal' | 'jwnetPending'>,
): boolean {
  return (
    !report.isSyncedJWNet &&
    !isEmptyReportValue(report.manifestId) &&
    !!report.jwnetRefusal &&
    !report.jwnetPending
  );
}

export interface ReportActionContext {
  action: ReportAction;
  report: ReportRuleState;
  now: Date;
}

/**
 * Why an action is disabled now, or null. The first reason in this order wins: no manifest id, network
 * unavailable, service-stop day, outside 07:00-19:00 JST (07:00 inside, 19:00 outside), the registration
 * not reflected yet or another running function (`runningFunctionBlock`);
 * then, for FIX only, an empty or 0.00 corrected volume on a synced report (a non-synced report's form
 * reports that value itself). The rules apply to every action alike, as section 4 says of the buttons.
 */
export function reportActionBlock({ action, report, now }: ReportActionContext): MessageCode | null {
  if (isEmptyReportValue(report.manifestId)) return 'manifest_id_missing';
  if (!report.isJWNetApiAvailable) return 'jwnet_unavailable';
  if (report.isJWNetServiceStopDay) return 'jwnet_service_stopped';
  if (!isJwnetServiceHours(now)) return 'jwnet_outside_hours';
  const running = runningFunctionBlock(report.manifestStatus, report.runningFunctions);
  if (running) return running;
  if (action === 'FIX' && report.isSyncedJWNet && isZeroOrEmptyVolume(report.lastTransportVolume))
    return 'MSG_00_27';
  return null;
}

/**
 * The dialog's buttons for a mode. For REQUEST_DELETE in read-only mode the discharger gets reject and
 * approve; the transporter sees approve only, disabled (section 4: "approve is disabled for transporters").
 */
export function reportDialogActions(
  report: ReportRuleState,
  role: ReportRole,
  mode: ReportDialogMode,
  now: Date,
): ReportDialogAction[] {
  const make = (action: ReportAction, variant?: ReportActionVariant): ReportDialogAction => {
    const reason = reportActionBlock({ action, report, now });
    return {
      action,
      enabled: reason === null,
      ...(reason ? { reason } : {}),
      ...(variant ? { variant } : {}),
    };
  };
  const { status } = report;
  if (role === 'TRANSPORT') {
    if (mode === 'EDITABLE' && status === 'BLANK')
      return [
        make('CANCEL_REPORT'),
        make('FIX_REPORT'),
        // A refused report is sent again explicitly, not through an unchanged correction.
        ...(isRefusedReport(report) ? [make('RESEND')] : []),
      ];
    if (mode === 'EDITING' && status === 'BLANK') return [make('FIX')];
    if (status === 'REJECTION' && (mode === 'READ_ONLY' || mode === 'REVIEW'))
      return [make('CONFIRM_REJECTION', rejectionKind(report))];
    if (mode === 'READ_ONLY' && status === 'REQUEST_DELETE')
      return [{ action: 'APPROVE', enabled: false, reason: 'forbidden', variant: 'DELETION' }];
    return [];
  }
  if (mode === 'APPROVAL' && status === 'ACCEPTANCE_OR_DENIAL')
    return [make('REJECT', 'CORRECTION'), make('APPROVE', 'CORRECTION')];
  if (mode === 'READ_ONLY' && status === 'REQUEST_DELETE')
    return [make('REJECT', 'DELETION'), make('APPROVE', 'DELETION')];
  return [];
}

/**
 * The server's check of an action a call asks for: null when allowed now, else the code to refuse with
 * (invalid_status_transition when the action does not exist in this status for this role). For FIX pass
 * the report with the submitted correction as its last-values.
 */
export function reportActionRefusal(
  report: ReportRuleState,
  role: ReportRole,
  action: ReportAction,
  now: Date,
): MessageCode | null {
  const mode = reportDialogMode(report, role);
  const effective = action === 'FIX' && mode === 'EDITABLE' ? 'EDITING' : mode;
  const found = reportDialogActions(report, role, effective, now).find((a) => a.action === action);
  if (!found) return 'invalid_status_transition';
  return found.enabled ? null : (found.reason ?? 'invalid_status_transition');
}

/** Non-synced reports take a correction at once; synced ones wait for the discharger (MSG_21_9, approval needed). */
export function correctionOutcome(isSynced: boolean): 'UPDATED' | 'AWAITING_APPROVAL' {
  return isSynced ? 'AWAITING_APPROVAL' : 'UPDATED';
}

/**
 * What an action does: the status after it (DELETED removes the report) and the last-values:
 * SET stores the submitted correction as last-values; APPLY copies the last-values (the submitted
 * correction, for a non-synced FIX) onto the originals and clears them; CLEAR empties them; KEEP leaves them
 * (a rejected correction keeps showing what was rejected).
 */
export interface ReportActionResult {
  status: ReportStatus | 'DELETED';
  lastValues: 'SET' | 'APPLY' | 'CLEAR' | 'KEEP';
}

export function reportActionResult(
  action: ReportAction,
  report: Pick<ReportRuleState, 'status' | 'isSyncedJWNet'>,
): ReportActionResult | null {
  switch (action) {
    case 'FIX':
      return report.isSyncedJWNet
        ? { status: 'ACCEPTANCE_OR_DENIAL', lastValues: 'SET' }
        : { status: 'BLANK', lastValues: 'APPLY' };
    case 'CANCEL_REPORT':
      return report.isSyncedJWNet
        ? { status: 'REQUEST_DELETE', lastValues: 'CLEAR' }
        : { status: 'DELETED', lastValues: 'CLEAR' };
    case 'APPROVE':
      return report.status === 'REQUEST_DELETE'
        ? { status: 'DELETED', lastValues: 'CLEAR' }
        : { status: 'BLANK', lastValues: 'APPLY' };
    case 'REJECT':
      return { status: 'REJECTION', lastValues: 'KEEP' };
    case 'CONFIRM_REJECTION':
      return { status: 'BLANK', lastValues: 'CLEAR' };
    case 'RESEND':
      return { status: 'BLANK', lastValues: 'KEEP' };
    case 'FIX_REPORT':
      return null;
  }
}
