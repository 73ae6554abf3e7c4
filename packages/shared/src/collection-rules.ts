import { type BusinessDayInfo, isIsoDate, weekdayOf } from './business-day';
import { nextDay } from './contract-rules';
import type { CONTRACT_TYPES, ProjectType } from './enums';
import type { MessageCode } from './messages';

/**
 * A collection's state (section 4: adjusting, desired date, collected/uncollected, cancelled):
 * - DESIRED_DATE: the discharger asked for this date; the transporter has not answered yet (希望日).
 * - ADJUSTING: the transporter proposed another date; the discharger accepts it or asks again (調整中).
 * - CONFIRMED: both agree on the date (確定).
 * - COLLECTED / NOT_COLLECTED: the transporter's record of the day (回収済 / 未回収, the latter with a reason).
 * - CANCELLED: the discharger cancelled it (キャンセル); RETURNED: the transporter returned it with a reason.
 * - SKIPPED: a recurring date the transporter does not collect on (shown with its reason, never collected).
 */
export const COLLECTION_STATUSES = [
  'DESIRED_DATE',
  'ADJUSTING',
  'CONFIRMED',
  'COLLECTED',
  'NOT_COLLECTED',
  'CANCELLED',
  'RETURNED',
  'SKIPPED',
] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

/** Statuses of a collection that is still going to happen. */
export const OPEN_COLLECTION_STATUSES = [
  'DESIRED_DATE',
  'ADJUSTING',
  'CONFIRMED',
] as const satisfies readonly CollectionStatus[];

export function isOpenCollection(status: CollectionStatus): boolean {
  return (OPEN_COLLECTION_STATUSES as readonly CollectionStatus[]).includes(status);
}

/** A request for chosen dates, or a regular contract's recurring collections. */
export const COLLECTION_REQUEST_KINDS = ['DATES', 'RECURRING'] as const;
export type CollectionRequestKind = (typeof COLLECTION_REQUEST_KINDS)[number];

export const COLLECTION_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type CollectionFrequency = (typeof COLLECTION_FREQUENCIES)[number];

/** The largest vehicle that can reach the site (車両制限); NONE when any vehicle can. */
export const VEHICLE_LIMITS = ['NONE', 'LIGHT', 'T2', 'T4', 'T10'] as const;
export type VehicleLimit = (typeof VEHICLE_LIMITS)[number];

export type CollectionRole = 'WASTE' | 'TRANSPORT';
export type CollectionAction =
  | 'CONFIRM'
  | 'PROPOSE_DATE'
  | 'RETURN'
  | 'MARK_COLLECTED'
  | 'MARK_NOT_COLLECTED'
  | 'ACCEPT_PROPOSAL'
  | 'ASK_AGAIN'
  | 'CANCEL';

export interface CollectionState {
  status: CollectionStatus;
  /** The collection's current date (the desired, proposed or agreed one), YYYY-MM-DD. */
  date: string;
  /** Whether a completion report exists for it (an industrial report of the day, a regular month's report). */
  hasReport: boolean;
  /**
   * The transporter's calendar no longer collects on the date (a closed day, weekday or holiday setting
   * changed after the date was set): the date cannot be confirmed, and another must be proposed.
   */
  dayClosed?: boolean;
}

/**
 * Why a collection cannot be cancelled on Japan date `today`, or null when it can: only an open collection
 * whose day is still to come and that no completion report covers (section 4).
 */
export function cancelRefusal(state: CollectionState, today: string): MessageCode | null {
  if (!isOpenCollection(state.status)) return 'invalid_status_transition';
  if (state.hasReport) return 'collection_has_report';
  if (state.date <= today) return 'collection_cancel_too_late';
  return null;
}

/**
 * What a side may do with a collection now, on Japan date `today`. The server refuses anything not listed;
 * the screens show only these buttons.
 */
export function collectionActions(
  state: CollectionState,
  role: CollectionRole,
  today: string,
): CollectionAction[] {
  const { status } = state;
  const actions: CollectionAction[] = [];
  if (role === 'TRANSPORT') {
    if (state.dayClosed && isOpenCollection(status) && state.date >= today)
      // A day it no longer collects on: never confirmed, but proposed anew (or returned) whatever the stage.
      actions.push('PROPOSE_DATE', 'RETURN');
    else if (status === 'DESIRED_DATE') actions.push('CONFIRM', 'PROPOSE_DATE', 'RETURN');
    else if (status === 'ADJUSTING') actions.push('RETURN');
    // The day's record can be made on the day or afterwards, and corrected until a report covers it.
    if (
      (status === 'CONFIRMED' || status === 'COLLECTED' || status === 'NOT_COLLECTED') &&
      state.date <= today
    ) {
      if (status !== 'COLLECTED') actions.push('MARK_COLLECTED');
      if (status !== 'NOT_COLLECTED' && !state.hasReport) actions.push('MARK_NOT_COLLECTED');
    }
  } else {
    if (status === 'ADJUSTING') actions.push('ACCEPT_PROPOSAL', 'ASK_AGAIN');
    if (cancelRefusal(state, today) === null) actions.push('CANCEL');
  }
  return actions;
}

/** The status an action leads to. */
export const COLLECTION_ACTION_RESULT: Record<CollectionAction, CollectionStatus> = {
  CONFIRM: 'CONFIRMED',
  PROPOSE_DATE: 'ADJUSTING',
  RETURN: 'RETURNED',
  MARK_COLLECTED: 'COLLECTED',
  MARK_NOT_COLLECTED: 'NOT_COLLECTED',
  ACCEPT_PROPOSAL: 'CONFIRMED',
  ASK_AGAIN: 'DESIRED_DATE',
  CANCEL: 'CANCELLED',
};

/** Why the transporter does not collect on a day: its business calendar, or the year-end break. */
export type NotCollectableReason = NonNullable<BusinessDayInfo['reason']>;

/** A day of the transporter's collection calendar: the business-day info of business-day.ts. */
export type CollectionDayLookup = (date: string) => Pick<BusinessDayInfo, 'isBusinessDay' | 'reason'>;

/** The first collectable day on or after `date`, looking at most `limitDays` ahead; null when none. */
export function nextCollectableDate(
  date: string,
  lookup: CollectionDayLookup,
  limitDays = 60,
): string | null {
  let day = date;
  for (let i = 0; i <= limitDays; i++) {
    if (lookup(day).isBusinessDay) return day;
    day = nextDay(day);
  }
  return null;
}

export interface RecurrenceRule {
  frequency: CollectionFrequency;
  /** 0 = Sunday ... 6 = Saturday. */
  weekdays: readonly number[];
}

/**
 * The dates of a recurring collection from `from` to `to` (inclusive): DAILY and WEEKLY collect on every
 * selected weekday of every week (DAILY is the name for a selection of most days); MONTHLY collects on the
 * first of each selected weekday in each month (1st Monday, 1st Thursday...). Closed days are not removed
 * here: `planRecurringCollections` marks them skipped.
 */
export function recurrenceDates(rule: RecurrenceRule, from: string, to: string): string[] {
  const dates: string[] = [];
  if (!isIsoDate(from) || !isIsoDate(to) || from > to || rule.weekdays.length === 0) return dates;
  const selected = new Set(rule.weekdays);
  for (let day = from; day <= to; day = nextDay(day)) {
    if (!selected.has(weekdayOf(day))) continue;
    // The first of its weekday in the month: the day of the month is 1 to 7.
    if (rule.frequency === 'MONTHLY' && Number(day.slice(8)) > 7) continue;
    dates.push(day);
  }
  return dates;
}

export interface PlannedCollection {
  date: string;
  status: 'DESIRED_DATE' | 'SKIPPED';
  skipReason?: NotCollectableReason;
}

/** Each recurring date, with the days the transporter does not collect on marked skipped and why. */
export function planRecurringCollections(
  rule: RecurrenceRule,
  from: string,
  to: string,
  lookup: CollectionDayLookup,
): PlannedCollection[] {
  return recurrenceDates(rule, from, to).map((date) => {
    const day = lookup(date);
    return day.isBusinessDay
      ? { date, status: 'DESIRED_DATE' }
      : { date, status: 'SKIPPED', skipReason: day.reason ?? 'NOT_BUSINESS_WEEKDAY' };
  });
}

export interface CollectionDateContext {
  today: string;
  /** The contract period the dates must lie in (inclusive). */
  period: { startDate: string; endDate: string };
  lookup: CollectionDayLookup;
}

export interface CollectionDateIssue {
  index: number;
  code: MessageCode;
  /** For collection_date_not_collectable: why, and the next day the transporter collects. */
  reason?: NotCollectableReason;
  nextDate?: string | null;
}

/**
 * Section 5 rules for one desired date: not in the past, within the contract period, a day the
 * transporter collects on (else the reason and the next collectable day in the period are given).
 */
export function desiredDateIssue(
  date: string,
  index: number,
  ctx: CollectionDateContext,
): CollectionDateIssue | null {
  if (!isIsoDate(date)) return { index, code: 'invalid_format' };
  if (date < ctx.today) return { index, code: 'date_in_past' };
  if (date < ctx.period.startDate || date > ctx.period.endDate)
    return { index, code: 'collection_outside_contract' };
  const day = ctx.lookup(date);
  if (!day.isBusinessDay) {
    const next = nextCollectableDate(date, ctx.lookup);
    return {
      index,
      code: 'collection_date_not_collectable',
      reason: day.reason ?? 'NOT_BUSINESS_WEEKDAY',
      nextDate: next && next <= ctx.period.endDate ? next : null,
    };
  }
  return null;
}

/** Every issue of a request's desired dates, duplicates included (the same date twice is the same waste twice). */
export function desiredDatesIssues(
  dates: readonly string[],
  ctx: CollectionDateContext,
): CollectionDateIssue[] {
  const issues: CollectionDateIssue[] = [];
  const seen = new Set<string>();
  dates.forEach((date, index) => {
    if (seen.has(date)) {
      issues.push({ index, code: 'same_waste_same_date' });
      return;
    }
    seen.add(date);
    const issue = desiredDateIssue(date, index, ctx);
    if (issue) issues.push(issue);
  });
  return issues;
}

/**
 * The date to propose for an open collection whose day the transporter no longer collects on: the first
 * collectable day after it (not before today) within the period, on which the same waste is not already
 * collected (`taken`); null when there is none within nextCollectableDate's reach.
 */
export function rescheduledDate(
  date: string,
  ctx: CollectionDateContext,
  taken: ReadonlySet<string>,
): string | null {
  const from = date < ctx.today ? ctx.today : date;
  const next = nextCollectableDate(from, (day) =>
    taken.has(day) ? { isBusinessDay: false } : ctx.lookup(day),
  );
  return next && desiredDateIssue(next, 0, ctx) === null ? next : null;
}

/**
 * The period a request may ask dates in: the contract's period, and for an auto-renewing contract that has
 * not been told to end, the next period too (it renews unless a party ends it; ending removes what lies
 * beyond the period).
 */
export function requestablePeriod(contract: {
  startDate: string;
  endDate: string;
  contractType: string;
  renewal: string | null;
  nextEndDate: string;
}): { startDate: string; endDate: string } {
  const renews = contract.contractType === 'AUTO_UPDATE' && contract.renewal !== 'END';
  return { startDate: contract.startDate, endDate: renews ? contract.nextEndDate : contract.endDate };
}

/**
 * The collections a spot (単発) contract allows in all. The contract states no number: its document makes it
 * one job ("completed, it ends") and cancelling its collection cancels the project (section 4), so one.
 */
const SPOT_CONTRACT_COLLECTIONS = 1;

/** The collections that use up a spot contract's allowance: those still to happen and those made. */
export const SPOT_COUNTED_STATUSES = [
  ...OPEN_COLLECTION_STATUSES,
  'COLLECTED',
] as const satisfies readonly CollectionStatus[];

/** What a request may ask for under a contract: its project's type and the contract's type. */
export interface RequestContract {
  projectType: ProjectType;
  contractType: (typeof CONTRACT_TYPES)[number];
}

/**
 * The kinds of request a contract takes: chosen dates always; recurring collections only for a regular
 * (general waste) project under a contract that runs (a spot contract takes chosen dates only).
 */
export function requestKindsOf(contract: RequestContract): CollectionRequestKind[] {
  return contract.projectType === 'REGULAR' && contract.contractType !== 'SPOT'
    ? ['DATES', 'RECURRING']
    : ['DATES'];
}

/**
 * How many more dates a contract takes: a spot contract's allowance less its collections already counted
 * (SPOT_COUNTED_STATUSES), never below 0; null when the contract sets no limit.
 */
export function collectionsLeft(
  contractType: RequestContract['contractType'],
  counted: number,
): number | null {
  return contractType === 'SPOT' ? Math.max(0, SPOT_CONTRACT_COLLECTIONS - counted) : null;
}

/**
 * A request against its contract's frame: a kind the contract does not take (a spot contract's recurring
 * request is spot_contract_dates_only), and each chosen date beyond the `collectionsLeft` the contract has
 * (spot_contract_date_limit on `dates.<i>`).
 */
export function requestContractIssues(
  request: { kind: CollectionRequestKind; dates: readonly unknown[] },
  contract: RequestContract & { collectionsLeft: number | null },
): { field: string; code: MessageCode }[] {
  if (!requestKindsOf(contract).includes(request.kind))
    return [
      {
        field: 'kind',
        code: contract.contractType === 'SPOT' ? 'spot_contract_dates_only' : 'invalid_format',
      },
    ];
  const left = contract.collectionsLeft;
  if (request.kind !== 'DATES' || left === null) return [];
  return request.dates.slice(left).map((_, i) => ({
    field: `dates.${left + i}`,
    code: 'spot_contract_date_limit' as const,
  }));
}
