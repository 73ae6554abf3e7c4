/**
 * Permit rules (section 3 permit; Waste Management Act): a permit is valid from its issue date to its expiry date
 * inclusive. Its holder is warned 90 and 30 days before expiry, and once it has expired; a retired or expired
 * permit cannot back a new contract.
 */
import { daysBetween } from '../contract-rules';
import type { MessageCode } from '../messages';

/** 収集運搬業 (collection and transport) or 処分業 (disposal). */
export const PERMIT_KINDS = ['COLLECTION_TRANSPORT', 'DISPOSAL'] as const;
export type PermitKind = (typeof PERMIT_KINDS)[number];

/** The warning steps, in the order they are reached. */
export const PERMIT_EXPIRY_STEPS = ['DAYS_90', 'DAYS_30', 'EXPIRED'] as const;
export type PermitExpiryStep = (typeof PERMIT_EXPIRY_STEPS)[number];

/** What a list shows of a permit. */
export const PERMIT_STATUSES = ['VALID', 'DAYS_90', 'DAYS_30', 'EXPIRED', 'RETIRED'] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];

export const PERMIT_WARNING_DAYS = { DAYS_90: 90, DAYS_30: 30 } as const;

/**
 * The warning step a permit has reached on `today`: EXPIRED the day after its expiry date, DAYS_30 within 30
 * days of it (the expiry day included), DAYS_90 within 90 days, null before.
 */
export function permitExpiryStep(expiryDate: string, today: string): PermitExpiryStep | null {
  const left = daysBetween(today, expiryDate);
  if (left < 0) return 'EXPIRED';
  if (left <= PERMIT_WARNING_DAYS.DAYS_30) return 'DAYS_30';
  if (left <= PERMIT_WARNING_DAYS.DAYS_90) return 'DAYS_90';
  return null;
}

/** The rank of a step (0: none): a step is mailed only when it is higher than the one already mailed. */
export function permitExpiryStepRank(step: PermitExpiryStep | null | undefined): number {
  return step ? PERMIT_EXPIRY_STEPS.indexOf(step) + 1 : 0;
}

export interface PermitDates {
  issueDate: string;
  expiryDate: string;
  retiredAt?: string | Date | null;
}

/** A permit can back a contract on `onDate`: not retired, already issued and not expired. */
export function isPermitUsable(permit: PermitDates, onDate: string): boolean {
  if (permit.retiredAt) return false;
  return permit.issueDate <= onDate && onDate <= permit.expiryDate;
}

/** A permit as a contract's license is chosen from it. */
export interface ContractPermitCandidate extends PermitDates {
  kind: PermitKind;
}

/**
 * Why a permit cannot back a contract that starts on `startDate` (null: it can). The contract's license is a
 * collection-and-transport permit, not retired, already issued and not yet expired on the start date.
 */
export function contractPermitIssue(permit: ContractPermitCandidate, startDate: string): MessageCode | null {
  if (permit.retiredAt) return 'contract_permit_retired';
  if (permit.kind !== 'COLLECTION_TRANSPORT') return 'contract_permit_not_collection';
  if (startDate < permit.issueDate) return 'contract_permit_not_yet_valid';
  if (permit.expiryDate < startDate) return 'contract_permit_expired';
  return null;
}

export function permitStatus(permit: PermitDates, today: string): PermitStatus {
  if (permit.retiredAt) return 'RETIRED';
  return permitExpiryStep(permit.expiryDate, today) ?? 'VALID';
}
