/**
 * A transport company's business days: its weekdays, minus Japan's national holidays (when it closes on
 * them) and its own closed days. Dates are Japan calendar dates (ruling 10) as YYYY-MM-DD; the weekday
 * is computed from the date itself, so the rule never depends on the machine's time zone.
 */
export interface BusinessSettings {
  /** 0 = Sunday ... 6 = Saturday. */
  weekdays: number[];
  /** HH:mm, Japan time. */
  openTime: string;
  closeTime: string;
  closedOnNationalHolidays: boolean;
  /** Closed from 29 December to 3 January (年末年始). */
  closedOnYearEnd: boolean;
}

export const DEFAULT_BUSINESS_SETTINGS: BusinessSettings = {
  weekdays: [1, 2, 3, 4, 5],
  openTime: '08:00',
  closeTime: '17:00',
  closedOnNationalHolidays: true,
  closedOnYearEnd: false,
};

export interface ClosedDay {
  date: string;
  reason: string;
}

/** The national holiday's name on a date, or null/undefined when it is not one. */
export type HolidayLookup = (date: string) => string | null | undefined;

export const NON_BUSINESS_REASONS = [
  'CLOSED_DAY',
  'NATIONAL_HOLIDAY',
  'YEAR_END',
  'NOT_BUSINESS_WEEKDAY',
] as const;
export type NonBusinessReason = (typeof NON_BUSINESS_REASONS)[number];

export interface BusinessDayInfo {
  date: string;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  isBusinessDay: boolean;
  /** Why it is not a business day (the company's closed day first, then a holiday, the year-end break, the weekday). */
  reason?: NonBusinessReason;
  holidayName?: string;
  closedReason?: string;
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 29 December to 3 January. */
export function isYearEndBreak(date: string): boolean {
  const monthDay = date.slice(5);
  return monthDay >= '12-29' || monthDay <= '01-03';
}

export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Every date of a month (month 1-12), as YYYY-MM-DD. */
export function datesOfMonth(year: number, month: number): string[] {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return Array.from({ length: days }, (_, i) => `${year}-${mm}-${String(i + 1).padStart(2, '0')}`);
}

/** Opening strictly before closing, both HH:mm. */
export function isValidBusinessHours(openTime: string, closeTime: string): boolean {
  return TIME_PATTERN.test(openTime) && TIME_PATTERN.test(closeTime) && openTime < closeTime;
}

export function businessDayInfo(
  date: string,
  settings: BusinessSettings,
  closedDays: readonly ClosedDay[],
  holidayLookup: HolidayLookup,
): BusinessDayInfo {
  const weekday = weekdayOf(date);
  const info: BusinessDayInfo = { date, weekday, isBusinessDay: true };
  const holidayName = holidayLookup(date);
  if (holidayName) info.holidayName = holidayName;
  const closed = closedDays.find((c) => c.date === date);
  if (closed) info.closedReason = closed.reason;

  if (closed) info.reason = 'CLOSED_DAY';
  else if (holidayName && settings.closedOnNationalHolidays) info.reason = 'NATIONAL_HOLIDAY';
  else if (settings.closedOnYearEnd && isYearEndBreak(date)) info.reason = 'YEAR_END';
  else if (!settings.weekdays.includes(weekday)) info.reason = 'NOT_BUSINESS_WEEKDAY';
  info.isBusinessDay = info.reason === undefined;
  return info;
}

export function isBusinessDay(
  date: string,
  settings: BusinessSettings,
  closedDays: readonly ClosedDay[],
  holidayLookup: HolidayLookup,
): boolean {
  return businessDayInfo(date, settings, closedDays, holidayLookup).isBusinessDay;
}
