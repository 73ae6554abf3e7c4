/**
 * Every message code the product sends or shows. The server answers with codes only;
 * the web app holds a Japanese and an English text for each (a test checks both).
 */
export const MESSAGE_CODES = [
  // generic
  'MSG_00_01',
  'MSG_00_02',
  'MSG_00_04',
  'MSG_00_04_2',
  'MSG_00_05',
  'MSG_00_21',
  'MSG_00_22',
  'MSG_00_23',
  'MSG_00_24',
  'MSG_00_25',
  'MSG_00_26',
  'MSG_00_27',
  'MSG_01_01',
  'MSG_02_1',
  'MSG_02_2',
  'MSG_02_3',
  'MSG_03_1',
  'MSG_03_2',
  'MSG_04_1',
  'MSG_04_2',
  'MSG_04_3',
  'MSG_05_1',
  'MSG_05_2',
  'MSG_05_3',
  'MSG_21_9',
  'MSG_28_5',
  'email_invalid',
  'account_is_not_enabled',
  'server_error',
  'invalid_request',
  'network_error',
  'unknown_error',
  'timeout_error',
  'your_session_has_expired',
  'register_account_failed',
  'update_account_failed',
  'user_info_updated',
  'pos_code_not_found',
  'sub_num_can_not_use',
  'edi_key_can_not_use',
  'upload_file_type_error',
  'upload_file_same_name_error',
  'max_100MB_upload',
  'max_length_exceeded',
  'invalid_format',
  'invalid_characters',
  'old_password_incorrect',
  'email_already_registered',
  'token_invalid_or_expired',
  'account_already_active',
  'too_many_requests',
  'unauthorized',
  'forbidden',
  /** An admin acting for an operator asks to act for another: acting is one level, from the admin's own sign-in. */
  'acting_admin_own_sign_in_required',
  'not_found',
  'validation_error',
  /** A JSON body or `data` field nested too deep, holding too many values or too long a property name. */
  'request_too_complex',
  /** A request body (or a multipart text field) over its size limit. */
  'request_too_large',
  'password_changed',
  'weekday_required',
  'weekdays_must_match_count',
  'bag_or_volume_required',
  'quantity_not_positive',
  'outside_contract_period',
  'settlement_before_billed_month',
  'valid_until_in_past',
  'same_waste_twice',
  'invalid_status_transition',
  'edi_key_required',
  'file_too_large',
  'project_not_found',
  'waste_level_exceeded',
  'key_locked',
  'account_registered_mail_sent',
  'closed_day_already_registered',
  'invalid_business_hours',
  'unit_price_invalid',
  'code_already_used',
  'name_already_used',
  'waste_code_invalid',
  'in_use_cannot_delete',
  'period_overlap',
  'invalid_period',
  // permit coverage (rules/permit-coverage.ts)
  'permit_coverage_no_permit',
  'permit_coverage_kind_not_covered',
  'permit_coverage_expires_in_period',
  'permit_coverage_not_yet_valid',
  'permit_coverage_no_transshipment',
  'permit_coverage_expired',
  'permit_coverage_no_disposal_site',
  /** Section 8: "discharge site or disposal site permit cannot be confirmed"; the gaps come with it. */
  'permit_cannot_be_confirmed',
  'area_name_already_used',
  'pos_code_already_used',
  'license_already_used',
  'parent_not_found',
  'master_saved',
  'master_deleted',
  'confirm_delete',
  'date_in_past',
  'license_expired',
  'disposal_site_license_expired',
  'contract_not_found',
  // transport reports
  'jwnet_outside_hours',
  'jwnet_service_stopped',
  'jwnet_unavailable',
  'manifest_id_missing',
  'end_date_before_collection',
  'end_date_in_future',
  'collect_time_in_future',
  'report_not_found',
  'manifest_already_reported',
  'manifest_not_found',
  // manifests
  'delivery_date_in_future',
  'edi_not_ready',
  'jwnet_refused',
  /** The same registration (its `registrationKey`) is being registered by another request. */
  'manifest_registration_in_progress',
  // contract and manifest agree (rules/manifest-agreement.ts)
  'manifest_contract_differences',
  'manifest_difference_no_contract',
  'manifest_difference_period',
  'manifest_difference_waste_kind',
  'manifest_difference_unit',
  'manifest_difference_quantity_per_collection',
  'manifest_difference_quantity_per_month',
  'manifest_difference_transporter',
  'manifest_difference_disposal_site',
  // valuables collected without transshipment storage (rules/valuables-transshipment.ts)
  'valuables_without_transshipment',
  // the manifest network's state and refusals (jwnet-refusals.ts)
  'jwnet_function_running',
  'jwnet_registration_pending',
  'jwnet_refused_not_registered',
  'jwnet_refused_state',
  'jwnet_refused_running',
  'jwnet_refused_date',
  'jwnet_refused_invalid',
  'jwnet_refused_not_found',
  // transport company approval
  'approval_already_decided',
  // collection requests and schedules
  'collection_request_not_found',
  'collection_not_found',
  'collection_cancel_too_late',
  'collection_has_report',
  'collection_outside_contract',
  'collection_date_not_collectable',
  'same_waste_same_date',
  'collection_project_not_in_progress',
  'collection_area_not_supported',
  'collection_date_not_reached',
  'spot_contract_dates_only',
  'spot_contract_date_limit',
  // drivers, vehicles, dispatch and the drivers' marks
  'driver_not_found',
  'vehicle_not_found',
  'vehicle_in_use',
  'vehicle_name_taken',
  'driver_mark_not_found',
  'driver_mark_stop_cancelled',
  'driver_mark_stop_moved',
  'driver_mark_too_early',
  'driver_mark_already_marked',
  'driver_mark_stop_changed',
  'driver_mark_not_conflict',
  'driver_mark_client_reused',
  'driver_not_assigned',
  // qualified invoices
  'invoice_registration_number_invalid',
  'invoice_registration_number_check_digit',
  'invoice_registration_number_missing',
  'invoice_month_already_billed',
  'invoice_month_billed_unconfirmed',
  'invoice_contract_not_approved',
  'invoice_line_unknown',
  'invoice_no_billable_lines',
  'invoice_month_invalid',
  'invoice_month_too_far',
  // invoices
  'invoice_not_found',
  'out_of_charge_range',
  'invoice_max_count',
  'invoice_file_required',
  'due_date_before_billing_date',
  'invoice_billing_date_out_of_range',
  'invoice_due_date_too_far',
  'settlement_date_in_future',
  /** Paid meanwhile (another tab, the other party's card): nothing more to pay or confirm. */
  'invoice_already_paid',
  'invoice_superseded',
  'invoice_generated_correct_lines',
  'invoice_bank_account_missing',
  // bank accounts (rules/bank-account.ts)
  'bank_not_found',
  'bank_branch_not_found',
  'bank_account_number_invalid',
  'bank_holder_name_invalid',
  'bank_holder_name_too_long',
  'bank_accounts_max',
  'project_not_billable',
  'payment_overdue',
  'max_25MB_mail_attachment',
  // card payments (card-payments.ts): decline reasons and the provider's state
  'card_insufficient_funds',
  'card_expired',
  'card_declined',
  'card_processing_error',
  'card_three_d_secure_failed',
  'card_provider_unavailable',
  'card_token_invalid',
  'card_webhook_signature_invalid',
  'card_payment_in_progress',
  'card_payment_not_found',
  // permits
  'permit_not_found',
  'permit_file_required',
  'expiry_before_issue',
  'waste_kind_not_major',
  /** A permit kept here is an industrial-waste permit (PERMIT_WASTE_CATEGORY): no municipal waste kind. */
  'waste_kind_not_industrial',
  /** A permit date outside PERMIT_EARLIEST_DATE .. latestPermitDate(today) (permitDateIssues). */
  'permit_date_too_early',
  'permit_date_too_late',
  // notices and update information
  'notice_not_found',
  'update_info_not_found',
  'publish_until_before_from',
  // scheduled jobs (the operations screen)
  'job_not_found',
  'job_already_running',
  // chat
  'chat_conversation_not_found',
  'chat_company_required',
  'chat_message_not_found',
  'chat_inquiry_no_messages',
  // operations (administrators)
  'operations_not_resendable',
  // retention (rules/retention.ts): params.until, the last day the record is kept
  'retention_period_until',
  // evidence packs
  'evidence_pack_not_found',
  'evidence_pack_not_ready',
  'evidence_pack_period_too_long',
  'evidence_pack_nothing_in_scope',
  'evidence_pack_too_many_open',
  'evidence_pack_build_failed',
  // the permit a contract's license is chosen from (contractPermitIssue)
  'contract_permit_retired',
  'contract_permit_not_collection',
  'contract_permit_not_yet_valid',
  'contract_permit_expired',
  // disposal unit prices and transport-and-disposal-together prices (rules/combined-unit-price.ts)
  'disposal_permit_required',
  'unit_price_cannot_be_confirmed',
  // quotes (quote-pricing.ts): a past valid-until date, a pricing basis the request's line does not allow
  'quote_expired',
  'pricing_basis_not_allowed',
  'bag_size_not_requested',
  // inquiries
  'inquiry_not_found',
  'inquiry_closed',
] as const;
export type MessageCode = (typeof MESSAGE_CODES)[number];

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && (MESSAGE_CODES as readonly string[]).includes(value);
}

/** A failed check as zod reports it (and Fastify's zod provider passes it on): its kind, message and origin. */
export interface ValidationIssueLike {
  code?: string;
  message: string;
  /** What was checked: `string`, `array`, `number`... */
  origin?: unknown;
}

/**
 * What a failed check says, the one rule the server and the forms apply: the schema's own message, except that
 * text or a list over its maximum is `max_length_exceeded` wherever a schema left the code out.
 */
export function issueMessage(issue: ValidationIssueLike): string {
  const tooLong = issue.code === 'too_big' && (issue.origin === 'string' || issue.origin === 'array');
  return tooLong && !isMessageCode(issue.message) ? 'max_length_exceeded' : issue.message;
}

/** The message code the server answers for a failed check: `issueMessage`, or `invalid_format` if no code. */
export function messageCodeOfIssue(issue: ValidationIssueLike): MessageCode {
  const message = issueMessage(issue);
  return isMessageCode(message) ? message : 'invalid_format';
}
