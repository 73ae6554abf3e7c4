import { describe, expect, it } from 'vitest';
import {
  currentJapanYearMonth,
  formatByteSize,
  formatDate,
  formatDateTime,
  formatEraDate,
  formatPlainDate,
  formatYen,
} from './format';

describe('format', () => {
  it.each([
    ['2026-03-31T15:30:00Z', '2026/04/01'],
    ['2026-03-31T14:59:00Z', '2026/03/31'],
  ])('formats %s as a Japan date %s', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it('formats date and time in Japan time', () => {
    expect(formatDateTime('2026-01-01T00:05:00Z')).toBe('2026/01/01 09:05');
  });

  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats whole yen', () => {
    expect(formatYen(1234567)).toMatch(/^[¥￥]1,234,567$/);
    expect(formatYen(null)).toBe('');
  });

  it.each([
    ['2026-11-23', 'ja', '2026/11/23（令和8年）'],
    ['2026-11-23', 'ja-JP', '2026/11/23（令和8年）'],
    ['2019-05-01', 'ja', '2019/05/01（令和元年）'],
    ['2019-04-30', 'ja', '2019/04/30（平成31年）'],
    // A timestamp is the Japan day it falls on: 2019-04-30 15:00 UTC is already 1 May in Japan.
    ['2019-04-30T15:00:00Z', 'ja', '2019/05/01（令和元年）'],
    ['2026-11-23', 'en', '2026/11/23'],
    ['2026-11-23', 'en-US', '2026/11/23'],
    [null, 'ja', ''],
    ['', 'en', ''],
  ])('shows %j in %s with its era as %j', (input, language, expected) => {
    expect(formatEraDate(input, language)).toBe(expected);
  });
});

describe('formatPlainDate', () => {
  it('shows a Japan date as written, whatever the machine zone', () => {
    expect(formatPlainDate('2026-01-01')).toBe('2026/01/01');
    expect(formatPlainDate(null)).toBe('');
  });

  it('shows an instant as its Japan date', () => {
    expect(formatPlainDate('2026-03-31T15:30:00Z')).toBe('2026/04/01');
  });
});

describe('currentJapanYearMonth', () => {
  it('turns the month at midnight Japan time, not UTC', () => {
    // 2026-04-30 15:00 UTC is 2026-05-01 00:00 in Tokyo.
    expect(currentJapanYearMonth(Date.UTC(2026, 3, 30, 15, 0))).toEqual({ year: 2026, month: 5 });
    expect(currentJapanYearMonth(Date.UTC(2026, 3, 30, 14, 59))).toEqual({ year: 2026, month: 4 });
  });
});

describe('formatByteSize', () => {
  it.each([
    [null, ''],
    [0, '0 B'],
    [820, '820 B'],
    [1536, '1.5 KB'],
    [12.3 * 1024 * 1024, '12.3 MB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
  ])('%s -> %s', (bytes, text) => {
    expect(formatByteSize(bytes)).toBe(text);
  });
});
