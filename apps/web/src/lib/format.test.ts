import { describe, expect, it } from 'vitest';
import {
  currentJapanYearMonth,
  formatByteSize,
  formatDate,
  formatDateTime,
  formatEraYear,
  formatPlainDate,
  formatYen,
  PUNCTUATION,
  punctuationOf,
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
    ['2026-06-01T00:00:00+09:00', '令和8年'],
    ['2019-05-01T00:00:00+09:00', '令和元年'],
    ['2019-04-30T00:00:00+09:00', '平成31年'],
    ['1989-01-08T00:00:00+09:00', '平成元年'],
  ])('gives the era year of %s', (input, expected) => {
    expect(formatEraYear(input)).toBe(expected);
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

describe('punctuationOf', () => {
  it.each([
    ['ja', PUNCTUATION.ja],
    ['en', PUNCTUATION.en],
    // Japanese is the fallback (section 9).
    ['fr', PUNCTUATION.ja],
  ])('%s', (language, expected) => {
    expect(punctuationOf(language)).toBe(expected);
  });
  it('has no Japanese mark in English', () => {
    expect(Object.values(PUNCTUATION.en).join('')).not.toMatch(/[\u3000-\u30ff\uff00-\uffef]/);
  });
});
