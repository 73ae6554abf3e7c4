import { describe, expect, it } from 'vitest';
import {
  type BusinessSettings,
  businessDayInfo,
  DEFAULT_BUSINESS_SETTINGS,
  datesOfMonth,
  isBusinessDay,
  isIsoDate,
  isValidBusinessHours,
  weekdayOf,
} from './business-day';

// A few 2026 national holidays as the server's dataset names them (5/6 is a substitute holiday).
const HOLIDAYS: Record<string, string> = {
  '2026-01-01': '元日',
  '2026-05-03': '憲法記念日',
  '2026-05-04': 'みどりの日',
  '2026-05-05': 'こどもの日',
  '2026-05-06': 'こどもの日 振替休日',
};
const lookup = (date: string) => HOLIDAYS[date];
const closed = [{ date: '2026-04-10', reason: '棚卸し' }];
const weekdaysOnly = DEFAULT_BUSINESS_SETTINGS;
const withSaturday: BusinessSettings = { ...DEFAULT_BUSINESS_SETTINGS, weekdays: [1, 2, 3, 4, 5, 6] };
const openOnHolidays: BusinessSettings = { ...DEFAULT_BUSINESS_SETTINGS, closedOnNationalHolidays: false };

describe('isBusinessDay', () => {
  it.each([
    ['元日 (Thursday)', '2026-01-01', weekdaysOnly, false, 'NATIONAL_HOLIDAY'],
    ['こどもの日 (Tuesday)', '2026-05-05', weekdaysOnly, false, 'NATIONAL_HOLIDAY'],
    ['振替休日 (Wednesday)', '2026-05-06', weekdaysOnly, false, 'NATIONAL_HOLIDAY'],
    ['plain Thursday after the holidays', '2026-05-07', weekdaysOnly, true, undefined],
    ['Saturday, weekdays only', '2026-05-09', weekdaysOnly, false, 'NOT_BUSINESS_WEEKDAY'],
    ['Saturday, open on Saturdays', '2026-05-09', withSaturday, true, undefined],
    ['Sunday', '2026-05-10', withSaturday, false, 'NOT_BUSINESS_WEEKDAY'],
    ['holiday, company opens on holidays', '2026-05-05', openOnHolidays, true, undefined],
    [
      'holiday on a Sunday, opens on holidays but not Sundays',
      '2026-05-03',
      openOnHolidays,
      false,
      'NOT_BUSINESS_WEEKDAY',
    ],
    ['company closed day on a Friday', '2026-04-10', weekdaysOnly, false, 'CLOSED_DAY'],
    ['company closed day wins even when open on holidays', '2026-04-10', openOnHolidays, false, 'CLOSED_DAY'],
  ] as const)('%s', (_name, date, settings, expected, reason) => {
    expect(isBusinessDay(date, settings, closed, lookup)).toBe(expected);
    expect(businessDayInfo(date, settings, closed, lookup).reason).toBe(reason);
  });

  it('reports the holiday name and closed reason', () => {
    expect(businessDayInfo('2026-05-06', weekdaysOnly, closed, lookup)).toEqual({
      date: '2026-05-06',
      weekday: 3,
      isBusinessDay: false,
      reason: 'NATIONAL_HOLIDAY',
      holidayName: 'こどもの日 振替休日',
    });
    expect(businessDayInfo('2026-04-10', weekdaysOnly, closed, lookup)).toMatchObject({
      closedReason: '棚卸し',
      isBusinessDay: false,
    });
    // The holiday is still named when the company works on it.
    expect(businessDayInfo('2026-01-01', openOnHolidays, [], lookup)).toMatchObject({
      holidayName: '元日',
      isBusinessDay: true,
    });
  });
});

describe('calendar helpers', () => {
  it.each([
    ['2026-01-01', 4],
    ['2026-05-03', 0],
    ['2026-05-09', 6],
    ['2024-02-29', 4],
  ])('weekdayOf(%s) = %i', (date, expected) => {
    expect(weekdayOf(date)).toBe(expected);
  });

  it.each([
    [2026, 2, 28],
    [2024, 2, 29],
    [2026, 4, 30],
    [2026, 12, 31],
  ])('datesOfMonth(%i, %i) has %i days', (year, month, days) => {
    const dates = datesOfMonth(year, month);
    expect(dates).toHaveLength(days);
    expect(dates[0]).toBe(`${year}-${String(month).padStart(2, '0')}-01`);
  });

  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2024-02-29', true],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['', false],
  ])('isIsoDate(%s) = %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it.each([
    ['08:00', '17:00', true],
    ['08:00', '08:00', false],
    ['18:00', '09:00', false],
    ['8:00', '17:00', false],
    ['00:00', '23:59', true],
    ['09:00', '24:00', false],
  ])('isValidBusinessHours(%s, %s) = %s', (open, close, expected) => {
    expect(isValidBusinessHours(open, close)).toBe(expected);
  });
});
