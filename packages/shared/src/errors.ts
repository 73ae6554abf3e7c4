import type { PermitCoverageGapAnswer } from './api/permit-coverage';
import type { MessageCode } from './messages';

/** The one answer shape of every failed call. */
export interface ApiErrorBody {
  code: MessageCode;
  message: string;
  fields?: Record<string, MessageCode>;
  /** Values for the message text, such as what uses an item that cannot be deleted. */
  params?: Record<string, string | number>;
  /** What a refusal carries beyond its message, read with the call's own schema (e.g. a manifest's differences). */
  details?: Record<string, unknown>;
  /** With permit_cannot_be_confirmed: each district and waste kind the permits do not cover, and why. */
  gaps?: PermitCoverageGapAnswer[];
}

/** HTTP status for each error code the server raises; anything not listed is a 400. */
export const ERROR_STATUS: Partial<Record<MessageCode, number>> = {
  unauthorized: 401,
  MSG_01_01: 401,
  account_is_not_enabled: 401,
  your_session_has_expired: 401,
  forbidden: 403,
  acting_admin_own_sign_in_required: 403,
  not_found: 404,
  pos_code_not_found: 404,
  email_already_registered: 409,
  MSG_04_1: 409,
  sub_num_can_not_use: 409,
  edi_key_can_not_use: 409,
  account_already_active: 409,
  code_already_used: 409,
  name_already_used: 409,
  in_use_cannot_delete: 409,
  period_overlap: 409,
  area_name_already_used: 409,
  pos_code_already_used: 409,
  license_already_used: 409,
  permit_not_found: 404,
  closed_day_already_registered: 409,
  invalid_status_transition: 409,
  file_too_large: 413,
  request_too_large: 413,
  project_not_found: 404,
  contract_not_found: 404,
  report_not_found: 404,
  manifest_not_found: 404,
  manifest_already_reported: 409,
  /** A function of the manifest network (queued here or running there) is not reflected yet. */
  jwnet_function_running: 409,
  /** The manifest's registration is not reflected on the network yet. */
  jwnet_registration_pending: 409,
  jwnet_outside_hours: 409,
  jwnet_service_stopped: 503,
  jwnet_unavailable: 503,
  /** Electronic manifests are not set up: no subscriber number. */
  edi_not_ready: 409,
  jwnet_refused: 422,
  /** The same registration key is being registered by another request (a double send): look at the list later. */
  manifest_registration_in_progress: 409,
  /** The manifest differs from its contract and the discharger has not confirmed exactly these differences. */
  manifest_contract_differences: 409,
  /** Another administrator approved or rejected the transport company first. */
  approval_already_decided: 409,
  collection_request_not_found: 404,
  collection_not_found: 404,
  driver_not_found: 404,
  vehicle_not_found: 404,
  vehicle_in_use: 409,
  vehicle_name_taken: 409,
  driver_mark_not_found: 404,
  driver_mark_stop_cancelled: 409,
  driver_mark_stop_moved: 409,
  driver_mark_too_early: 409,
  driver_mark_already_marked: 409,
  driver_mark_stop_changed: 409,
  driver_mark_not_conflict: 409,
  driver_mark_client_reused: 409,
  driver_not_assigned: 404,
  /** On the collection day itself, or after it: too late to cancel (section 4). */
  collection_cancel_too_late: 409,
  collection_has_report: 409,
  collection_project_not_in_progress: 409,
  collection_date_not_reached: 409,
  /** The transporter's collection areas no longer hold the discharge site's postal code. */
  collection_area_not_supported: 409,
  quote_expired: 409,
  /** The transporter's account information has no qualified-invoice registration number yet. */
  invoice_registration_number_missing: 409,
  /** A bank-transfer invoice the product generates prints the transporter's 振込先: none is registered yet. */
  invoice_bank_account_missing: 409,
  invoice_month_already_billed: 409,
  /** The month is billed already and an uploaded invoice is involved: registering again needs the confirmation. */
  invoice_month_billed_unconfirmed: 409,
  /** The project has no contract approved by the discharger to take the unit prices from. */
  invoice_contract_not_approved: 409,
  invoice_not_found: 404,
  /** A corrected invoice's old version: only the current version can be acted on. */
  invoice_superseded: 409,
  /** Paid meanwhile (another tab, a card payment): a second payment or confirmation is refused. */
  invoice_already_paid: 409,
  /** The project is not in progress under an approved contract. */
  project_not_billable: 409,
  /** The card provider did not answer (network error, timeout, 5xx): the payment can be tried again. */
  /** The chosen disposal site's license has expired: its permit cannot be confirmed (section 8). */
  disposal_site_license_expired: 409,
  /** The transporter's permits do not cover the project (its `gaps` say where and why). */
  permit_cannot_be_confirmed: 409,
  /** No live disposal permit covers the price's waste kind on its first day. */
  disposal_permit_required: 409,
  /** A transport-and-disposal-together line whose transport or disposal price is not in the price lists. */
  unit_price_cannot_be_confirmed: 409,
  card_provider_unavailable: 503,
  /** A decline is the card's answer, not a fault of the request. */
  card_insufficient_funds: 402,
  card_expired: 402,
  card_declined: 402,
  card_processing_error: 402,
  card_three_d_secure_failed: 402,
  /**
   * Another card payment of the invoice is still under way (3-D Secure open, or the provider's answer pending): the
   * invoice offers to resume it or, for 3-D Secure, to cancel it.
   */
  card_payment_in_progress: 409,
  card_payment_not_found: 404,
  job_not_found: 404,
  /** A run of the scheduled job is queued or going already: it is not doubled. */
  job_already_running: 409,
  notice_not_found: 404,
  update_info_not_found: 404,
  chat_conversation_not_found: 404,
  /** A discharger that has not registered its company yet has no conversation to write in. */
  chat_company_required: 409,
  /** A message id that is not of the conversation named (another company's, or none). */
  chat_message_not_found: 404,
  /** The company wrote nothing since the last inquiry made from the conversation. */
  chat_inquiry_no_messages: 409,
  /** Only a refused (or given-up) network request not sent again since, or a failed mail, is sent again. */
  operations_not_resendable: 409,
  /** A manifest, report, contract or permit within five years of its last date: never deleted (params.until). */
  retention_period_until: 409,
  evidence_pack_not_found: 404,
  /** The pack is not ready (still building, failed or expired): nothing to download. */
  evidence_pack_not_ready: 409,
  /** No project of the company has records in the period. */
  evidence_pack_nothing_in_scope: 409,
  evidence_pack_too_many_open: 409,
  inquiry_not_found: 404,
  /** Nobody writes to or closes a CLOSED inquiry (section 4). */
  inquiry_closed: 409,
  /** An inquiry's files over 100 MB together (section 5), or one file over it. */
  max_100MB_upload: 413,
  too_many_requests: 429,
  server_error: 500,
};

export function statusForCode(code: MessageCode): number {
  return ERROR_STATUS[code] ?? 400;
}

/** Ruling 7: login failures carry these exact strings as their message. */
export const LOGIN_FAILURE_MESSAGE = {
  INCORRECT: 'Incorrect account',
  INACTIVE: 'Inactive account',
} as const;
