/**
 * DRIVER: a transport company's driver, a staff account its office adds. It signs in to the driver's day only
 * (`DRIVER_DAY`): every route of the transporter's side names the TRANSPORT role and refuses it.
 */
export const ROLES = ['ADMIN', 'WASTE', 'TRANSPORT', 'DRIVER'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a user can sign up or be registered with (admins are created by the platform). */
export const OPERATOR_ROLES = ['WASTE', 'TRANSPORT'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const COMPANY_TYPES = ['WASTE', 'TRANSPORT'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const PROJECT_TYPES = ['INDUSTRIAL', 'REGULAR'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** Ruling 8: the superset of project statuses, in workflow order. */
export const PROJECT_STATUSES = [
  'CREATING_QUOTE',
  'REQUEST_QUOTE',
  'COMPLETE_QUOTE',
  'CREATING_CONTRACT',
  'REQUEST_CONTRACT',
  'COMPLETE_CONTRACT',
  'IN_PROGRESS',
  'COMPLETE',
  'CANCEL',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const CONTRACT_TYPES = ['AUTO_UPDATE', 'NO_AUTO_UPDATE', 'SPOT'] as const;
export const PAYMENT_TYPES = ['PAYMENT_INVOICE', 'CREDIT_CARD'] as const;

export const INQUIRY_IMPORTANCES = ['MOST_IMPORTANT', 'IMPORTANT', 'SLIGHTLY_IMPORTANT', 'BLANK'] as const;
export type InquiryImportance = (typeof INQUIRY_IMPORTANCES)[number];
export const INQUIRY_STATUSES = ['AWAITING_RESPONSE', 'RESPONSE_RECEIVED', 'CLOSED'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const REPORT_STATUSES = ['ACCEPTANCE_OR_DENIAL', 'REJECTION', 'BLANK', 'REQUEST_DELETE'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Ruling 9. */
export const BAG_SIZES = [30, 45, 70, 90] as const;

export const WASTE_TYPE_CODE = { INDUSTRIAL: 1, REGULAR: 2 } as const;

/** A transport company's standing with the platform: self-registered ones wait for an administrator. */
export const TRANSPORT_APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type TransportApprovalStatus = (typeof TRANSPORT_APPROVAL_STATUSES)[number];

/**
 * Electronic manifests as the manifest network reports them. RESERVED (number issued, registration '1000'
 * running) → REGISTERED → TEMP_TRANSPORT (a transport-end report or a change of it in flight or awaiting
 * the discharger) → TRANSPORT_END → DISPOSAL_END → FINAL_DISPOSAL_END.
 */
export const MANIFEST_STATUSES = [
  'RESERVED',
  'REGISTERED',
  'TEMP_TRANSPORT',
  'TRANSPORT_END',
  'DISPOSAL_END',
  'FINAL_DISPOSAL_END',
] as const;
export type ManifestStatus = (typeof MANIFEST_STATUSES)[number];

export const MANIFEST_PHASES = ['reservation', 'transportation', 'processing', 'final'] as const;
export type ManifestPhaseName = (typeof MANIFEST_PHASES)[number];
