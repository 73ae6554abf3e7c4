import { describe, expect, it } from 'vitest';
import {
  type DeadlineState,
  deadlineState,
  isReportCountedDay,
  isYearEndHoliday,
  transportReportDeadline,
} from './transport-deadline';

/** A fixed list of Japan's national holidays around the cases below (from the holiday_jp dataset). */
const HOLIDAYS: Record<string, string> = {
  '2026-01-01': '元日',
  '2026-01-12': '成人の日',
  '2026-04-29': '昭和の日',
  '2026-05-03': '憲法記念日',
  '2026-05-04': 'みどりの日',
  '2026-05-05': 'こどもの日',
  '2026-05-06': '振替休日',
  '2026-09-21': '敬老の日',
  '2026-09-22': '国民の休日',
  '2026-09-23': '秋分の日',
  '2026-11-23': '勤労感謝の日',
  '2027-01-01': '元日',
  '2027-01-11': '成人の日',
};
const isHoliday = (date: string) => date in HOLIDAYS;
const noHolidays = () => false;

describe('transportReportDeadline: 3 counted days after the end of transport', () => {
  const cases: [string, string, string][] = [
    ['a Wednesday, Monday after it a holiday', '2026-11-18', '2026-11-24'],
    ['a plain Friday', '2026-10-16', '2026-10-21'],
    ['a Friday before a holiday Monday', '2026-11-20', '2026-11-26'],
    ['the holiday Monday itself', '2026-11-23', '2026-11-26'],
    ['a Saturday', '2026-10-17', '2026-10-21'],
    ['a Sunday', '2026-10-18', '2026-10-21'],
    ['the day before Golden Week', '2026-04-28', '2026-05-07'],
    ['the Friday in Golden Week', '2026-05-01', '2026-05-11'],
    ['the Friday before Silver Week', '2026-09-18', '2026-09-28'],
    ['the last Friday before the year end', '2026-12-25', '2027-01-05'],
    ['28 December', '2026-12-28', '2027-01-06'],
    ['inside the year-end break', '2026-12-30', '2027-01-06'],
    ['a year end whose 4 January is a Sunday', '2025-12-26', '2026-01-07'],
    ['the Friday before Coming of Age Day', '2027-01-08', '2027-01-14'],
    ['a plain Monday', '2026-10-19', '2026-10-22'],
  ];
  it.each(cases)('%s (%s) -> %s', (_name, endDate, deadline) => {
    expect(transportReportDeadline(endDate, isHoliday)).toBe(deadline);
  });

  it('skips holidays only when the lookup says so', () => {
    expect(transportReportDeadline('2026-11-20', noHolidays)).toBe('2026-11-25');
  });

  it("takes a lookup answering the holiday's name, as the server's holiday_jp lookup does", () => {
    expect(transportReportDeadline('2026-11-20', (d) => HOLIDAYS[d] ?? null)).toBe('2026-11-26');
  });
});

describe('counted days', () => {
  const cases: [string, boolean][] = [
    ['2026-12-28', true],
    ['2026-12-29', false],
    ['2026-12-31', false],
    ['2027-01-01', false],
    ['2027-01-03', false],
    ['2027-01-04', true],
  ];
  it.each(cases)('%s counts: %s', (date, counted) => {
    expect(isYearEndHoliday(date)).toBe(!counted);
    expect(isReportCountedDay(date, noHolidays)).toBe(counted);
  });

  it('does not count weekends and holidays', () => {
    expect(isReportCountedDay('2026-11-21', noHolidays)).toBe(false);
    expect(isReportCountedDay('2026-11-22', noHolidays)).toBe(false);
    expect(isReportCountedDay('2026-11-23', isHoliday)).toBe(false);
    expect(isReportCountedDay('2026-11-24', isHoliday)).toBe(true);
  });
});

describe('deadlineState', () => {
  const cases: [string, string, string, string | null, DeadlineState][] = [
    ['well before', '2026-11-26', '2026-11-20', null, 'OK'],
    ['the counted day before', '2026-11-26', '2026-11-25', null, 'DUE_SOON'],
    ['the deadline day', '2026-11-26', '2026-11-26', null, 'DUE_SOON'],
    ['the day after', '2026-11-26', '2026-11-27', null, 'OVERDUE'],
    ['Friday before a deadline after a holiday Monday', '2026-11-24', '2026-11-20', null, 'DUE_SOON'],
    ['Thursday before it', '2026-11-24', '2026-11-19', null, 'OK'],
    ['on a Saturday before a Monday deadline', '2026-10-19', '2026-10-17', null, 'DUE_SOON'],
    ['two counted days before', '2026-10-21', '2026-10-19', null, 'OK'],
    ['reported on the deadline', '2026-11-26', '2026-12-10', '2026-11-26', 'OK'],
    ['reported early', '2026-11-26', '2026-12-10', '2026-11-20', 'OK'],
    ['reported late', '2026-11-26', '2026-12-10', '2026-11-27', 'OVERDUE'],
  ];
  it.each(cases)('%s', (_name, deadline, today, reportedAt, expected) => {
    expect(deadlineState(deadline, today, isHoliday, reportedAt)).toBe(expected);
  });
});
