import { describe, expect, it } from 'vitest';
import { isPrefecture, PREFECTURES, sortPrefectures } from './prefectures';

describe('PREFECTURES', () => {
  it('holds the 47 prefectures once each, from 北海道 to 沖縄県', () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(new Set(PREFECTURES).size).toBe(47);
    expect(PREFECTURES[0]).toBe('北海道');
    expect(PREFECTURES[12]).toBe('東京都');
    expect(PREFECTURES[46]).toBe('沖縄県');
    expect(PREFECTURES.every((p) => /[都道府県]$/.test(p))).toBe(true);
  });

  it.each([
    ['東京都', true],
    ['大阪府', true],
    ['北海道', true],
    ['東京', false],
    ['', false],
    ['Tokyo', false],
  ])('isPrefecture(%s) is %s', (value, expected) => {
    expect(isPrefecture(value)).toBe(expected);
  });

  it('sorts in code order and drops duplicates', () => {
    expect(sortPrefectures(['沖縄県', '北海道', '東京都', '北海道'])).toEqual(['北海道', '東京都', '沖縄県']);
    expect(sortPrefectures([])).toEqual([]);
  });
});
