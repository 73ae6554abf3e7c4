/**
 * Permit rules (section 3 permit; Waste Management Act): a permit is valid from its issue date to its expiry date
 * inclusive. Its holder is warned 90 and 30 days before expiry, and once it has expired; a retired or expired
 * permit cannot back a new contract.
 */
import { isIsoDate } from '../business-day';
import { addMonths, daysBetween } from '../contract-rules';
import type { MessageCode } from '../messages';

/** 収集運搬業 (collection and transport) or 処分業 (disposal). */
export const PERMIT_KINDS = ['COLLECTION_TRANSPORT', 'DISPOSAL'] as const;
export type PermitKind = (typeof PERMIT_KINDS)[number];

/**
 * The waste master's category a permit's waste kinds are chosen from. The districts that issue the permits kept
 * here (the prefectures and designated cities of permit-districts.ts) license industrial waste (法14条, both
 * kinds); municipal (general) waste is licensed by each municipality under 法7条, a permit this product does not
 * keep, so a regular waste category on a permit is refused (`waste_kind_not_industrial`).
 */
export const PERMIT_WASTE_CATEGORY = 'INDUSTRIAL' as const;

/**
 * The first day a permit date may name: the Waste Management Act (廃棄物の処理及び清掃に関する法律) is of 1970;
 * no permit under it is older.
 */
export const PERMIT_EARLIEST_DATE = '1970-01-01';

/**
 * How many years after today a permit date may lie. A permit runs 5 years (7 for an operator certified as
 * excellent, 優良認定) and a renewal may be registered before its first day, so a real date is well inside 10
 * years; a date past them is a typing slip (2062 for 2026), which would hide the permit from every expiry warning.
 */
export const PERMIT_MAX_YEARS_AHEAD = 10;

/** The last day a permit date may name, `today` being Japan's business date. */
export const latestPermitDate = (today: string) => addMonths(today, PERMIT_MAX_YEARS_AHEAD * 12);

export interface PermitDateIssue {
  path: 'issueDate' | 'expiryDate';
  code: MessageCode;
}

/**
 * The permit's dates against the plausible range: from PERMIT_EARLIEST_DATE to `latestPermitDate(today)`, each
 * field its own issue (the order of the two is the schema's `expiry_before_issue`). Dates that are not dates
 * are left to the schema.
 */
export function permitDateIssues(
  dates: { issueDate: string; expiryDate: string },
  today: string,
): PermitDateIssue[] {
  const latest = latestPermitDate(today);
  const issues: PermitDateIssue[] = [];
  for (const path of ['issueDate', 'expiryDate'] as const) {
    const date = dates[path];
    if (!isIsoDate(date)) continue;
    if (date < PERMIT_EARLIEST_DATE) issues.push({ path, code: 'permit_date_too_early' });
    else if (date > latest) issues.push({ path, code: 'permit_date_too_late' });
  }
  return issues;
}

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
