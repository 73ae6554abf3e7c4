import { isYearEndBreak, weekdayOf } from './business-day';
import { nextDay } from './contract-rules';

/**
 * The transport-end report to the manifest network is due within 3 days of the end of transport, not
 * counting Saturdays, Sundays, national holidays and 29 December to 3 January (the rule since April 2019).
 * The end date itself does not count: the deadline is the 3rd counted day after it. Dates are Japan
 * dates, YYYY-MM-DD.
 */
export const TRANSPORT_REPORT_DEADLINE_DAYS = 3;

/**
 * Whether a date is a national holiday. A holiday's name (as `HolidayLookup` of business-day.ts gives it)
 * counts as true, so the server can pass its holiday_jp lookup as it is.
 */
export type IsHoliday = (date: string) => boolean | string | null | undefined;

/** 29 December to 3 January. */
export const isYearEndHoliday = isYearEndBreak;

/** A day the deadline counts: not a weekend, a national holiday or the year-end break. */
export function isReportCountedDay(date: string, isHoliday: IsHoliday): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && !isYearEndHoliday(date) && !isHoliday(date);
}

/** The first counted day after `date`. */
export function nextReportCountedDay(date: string, isHoliday: IsHoliday): string {
  let day = nextDay(date);
  while (!isReportCountedDay(day, isHoliday)) day = nextDay(day);
  return day;
}

/** The last day the transport-end report is on time. */
export function transportReportDeadline(endDate: string, isHoliday: IsHoliday): string {
  let day = endDate;
  for (let i = 0; i < TRANSPORT_REPORT_DEADLINE_DAYS; i++) day = nextReportCountedDay(day, isHoliday);
  return day;
}

export const DEADLINE_STATES = ['OK', 'DUE_SOON', 'OVERDUE'] as const;
export type DeadlineState = (typeof DEADLINE_STATES)[number];

/**
 * A report already made (`reportedAt`, its Japan date) is OK when made by the deadline, else OVERDUE
 * (reported late). One not made yet is OVERDUE after the deadline, DUE_SOON when the deadline is today or
 * the next counted day, else OK.
 */
export function deadlineState(
  deadline: string,
  today: string,
  isHoliday: IsHoliday,
  reportedAt?: string | null,
): DeadlineState {
  if (reportedAt) return reportedAt <= deadline ? 'OK' : 'OVERDUE';
  if (today > deadline) return 'OVERDUE';
  return deadline <= nextReportCountedDay(today, isHoliday) ? 'DUE_SOON' : 'OK';
}
