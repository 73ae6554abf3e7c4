import { describe, expect, it } from 'vitest';
import { type DateWithEraOptions, formatDateWithEra, japaneseEraDate, japaneseEraYear } from './japanese-era';

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

describe('formatDateWithEra', () => {
  it.each<[string, DateWithEraOptions, string]>([
    // Screens, Japanese: the era year beside the western date.
    ['2026-11-23', {}, '2026/11/23（令和8年）'],
    ['2019-05-01', {}, '2019/05/01（令和元年）'],
    ['2019-04-30', {}, '2019/04/30（平成31年）'],
    ['1989-01-08', { language: 'ja' }, '1989/01/08（平成元年）'],
    ['2026-11-23', { separator: '\n' }, '2026/11/23\n（令和8年）'],
    // Documents: the whole era date.
    ['2026-11-23', { style: 'long' }, '2026年11月23日（令和8年11月23日）'],
    ['2019-05-01', { style: 'long' }, '2019年5月1日（令和元年5月1日）'],
    ['2019-04-30', { style: 'long' }, '2019年4月30日（平成31年4月30日）'],
    ['2030-03-31', { style: 'long', separator: '\n' }, '2030年3月31日\n（令和12年3月31日）'],
    // English: the western date alone, in either style.
    ['2026-11-23', { language: 'en' }, '2026/11/23'],
    ['2019-05-01', { language: 'en', style: 'long' }, '2019/05/01'],
    // Not a date: as it was.
    ['', {}, ''],
    ['2026-02-30', { style: 'long' }, '2026-02-30'],
    ['not a date', { language: 'en' }, 'not a date'],
  ])('%j %j -> %j', (date, options, expected) => {
    expect(formatDateWithEra(date, options)).toBe(expected);
  });
});
