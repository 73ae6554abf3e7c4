import { isIsoDate } from './business-day';
import type { ProjectStatus, ProjectType } from './enums';
import type { MessageCode } from './messages';

/** Transport and disposal in one contract (三者一括), or a collection contract and a disposal contract. */
export const CONTRACT_FORMS = ['COMBINED', 'SEPARATE'] as const;
export type ContractForm = (typeof CONTRACT_FORMS)[number];

/**
 * The contract's own state: a draft the transporter edits, sent for confirmation, returned with a reason,
 * approved (in force from its start date), ended at the end of its period, or cancelled with its project.
 */
export const CONTRACT_STATUSES = [
  'DRAFT',
  'REQUESTED',
  'RETURNED',
  'APPROVED',
  'ENDED',
  'CANCELLED',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** An auto-renewing contract's decision for the end of its period (section 3: CONTINUE/END). */
export const RENEWAL_DECISIONS = ['CONTINUE', 'END'] as const;
export type RenewalDecision = (typeof RENEWAL_DECISIONS)[number];

/** The contract's document files (Project.contract.file). */
export const CONTRACT_FILE_KINDS = ['disposal', 'regular', 'combine', 'collection'] as const;
export type ContractFileKind = (typeof CONTRACT_FILE_KINDS)[number];

/**
 * Which documents a contract consists of: municipal general waste has its own template; industrial waste is
 * one contract for collection and disposal together, or two separate ones.
 */
export function contractFileKinds(type: ProjectType, form: ContractForm): ContractFileKind[] {
  if (type === 'REGULAR') return ['regular'];
  return form === 'COMBINED' ? ['combine'] : ['collection', 'disposal'];
}

export type ContractRole = 'WASTE' | 'TRANSPORT';
export type ContractAction = 'EDIT' | 'SEND' | 'RETURN' | 'APPROVE' | 'DECIDE_RENEWAL';

export interface ContractState {
  projectStatus: ProjectStatus;
  /** null while the transporter has not saved a contract yet. */
  contractStatus: ContractStatus | null;
  contractType?: string | null;
}

/**
 * What a side may do with a project's contract now. The server refuses anything not listed; the screens
 * show only these buttons.
 */
export function contractActions(state: ContractState, role: ContractRole): ContractAction[] {
  const { projectStatus, contractStatus } = state;
  const actions: ContractAction[] = [];
  if (role === 'TRANSPORT' && projectStatus === 'CREATING_CONTRACT') {
    if (contractStatus === null || contractStatus === 'DRAFT' || contractStatus === 'RETURNED')
      actions.push('EDIT');
    if (contractStatus === 'DRAFT' || contractStatus === 'RETURNED') actions.push('SEND');
  }
  if (role === 'WASTE' && projectStatus === 'REQUEST_CONTRACT' && contractStatus === 'REQUESTED')
    actions.push('RETURN', 'APPROVE');
  if (
    contractStatus === 'APPROVED' &&
    state.contractType === 'AUTO_UPDATE' &&
    (projectStatus === 'COMPLETE_CONTRACT' || projectStatus === 'IN_PROGRESS')
  )
    actions.push('DECIDE_RENEWAL');
  return actions;
}

/** The project status an approval leads to: in progress once the start date has come, else contract complete. */
export function statusOnApproval(startDate: string, today: string): 'COMPLETE_CONTRACT' | 'IN_PROGRESS' {
  return startDate <= today ? 'IN_PROGRESS' : 'COMPLETE_CONTRACT';
}

export interface ContractDates {
  startDate: string;
  endDate: string;
  /** The saved contract's license expiry (a form chooses a permit instead, checked by contractPermitIssue). */
  licenseExpireDate?: string;
}

/**
 * Date rules of a contract being sent: the period starts today or later and ends on or after its start;
 * the transporter's license must still be valid on the start date.
 */
export function contractDateIssues(
  dates: ContractDates,
  today: string,
): { path: keyof ContractDates; code: MessageCode }[] {
  const issues: { path: keyof ContractDates; code: MessageCode }[] = [];
  const valid = (d: string | undefined): d is string => d !== undefined && isIsoDate(d);
  if (valid(dates.startDate) && dates.startDate < today)
    issues.push({ path: 'startDate', code: 'date_in_past' });
  if (valid(dates.startDate) && valid(dates.endDate) && dates.endDate < dates.startDate)
    issues.push({ path: 'endDate', code: 'invalid_period' });
  const expiry = dates.licenseExpireDate;
  if (valid(expiry) && valid(dates.startDate) && expiry < dates.startDate)
    issues.push({ path: 'licenseExpireDate', code: 'license_expired' });
  return issues;
}

const toUtc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

/** The day after `date` (YYYY-MM-DD). */
export function nextDay(date: string): string {
  return fromUtc(toUtc(date) + DAY);
}

/** The day before `date` (YYYY-MM-DD). */
export function previousDay(date: string): string {
  return fromUtc(toUtc(date) - DAY);
}

/** `date` plus `days` (negative: earlier). */
export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY);
}

/** Days from `from` to `to` (0 for the same day; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY);
}

/** `date` plus `months`, clamped to the month's last day (1/31 + 1 month = 2/28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return fromUtc(target.getTime());
}

/**
 * The next period of an auto-renewed contract: it starts the day after the end and lasts as long as the
 * period before, counted in whole months when the period was whole months (1 April to 31 March is a
 * year), else in days.
 */
export function renewedPeriod(startDate: string, endDate: string): { startDate: string; endDate: string } {
  const start = nextDay(endDate);
  for (let months = 1; months <= 120; months++) {
    const end = addMonths(startDate, months);
    if (end > start) break;
    if (end === start) return { startDate: start, endDate: previousDay(addMonths(start, months)) };
  }
  const days = (toUtc(endDate) - toUtc(startDate)) / DAY;
  return { startDate: start, endDate: fromUtc(toUtc(start) + days * DAY) };
}

/** A contract's period: its first and last days (YYYY-MM-DD). */
export interface ContractPeriod {
  startDate: string;
  endDate: string;
}

/** Whether a day (YYYY-MM-DD) lies outside the contract's period: nothing of the contract happens on it. */
export function isDayOutsidePeriod(day: string, period: ContractPeriod): boolean {
  return day < period.startDate || day > period.endDate;
}

/** Whether a month (YYYY-MM) has no day in the contract's period: nothing of the contract falls in it. */
export function isMonthOutsidePeriod(month: string, period: ContractPeriod): boolean {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const last = `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
  return last < period.startDate || first > period.endDate;
}
