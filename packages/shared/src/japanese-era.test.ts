import { describe, expect, it } from 'vitest';
import { japaneseEraDate, japaneseEraYear } from './japanese-era';

describe('japaneseEraDate', () => {
  it.each([
    ['2027-03-31', '令和9年3月31日'],
    ['2019-05-01', '令和元年5月1日'],
    ['2019-04-30', '平成31年4月30日'],
    ['1989-01-08', '平成元年1月8日'],
    ['1989-01-07', '昭和64年1月7日'],
    ['2026-12-01', '令和8年12月1日'],
    ['', ''],
    ['2026/12/01', ''],
    ['2026-02-30', ''],
    ['not a date', ''],
  ])('%j -> %j', (date, expected) => {
    expect(japaneseEraDate(date)).toBe(expected);
  });
});

describe('japaneseEraYear', () => {
  it.each([
    ['2026-04-01', '令和8年'],
    ['2019-06-01', '令和元年'],
    ['2018-12-31', '平成30年'],
    ['', ''],
  ])('%j -> %j', (date, expected) => {
    expect(japaneseEraYear(date)).toBe(expected);
  });
});
