import { describe, expect, it } from 'vitest';
import { isPrefecture, PREFECTURES, prefectureCodeOfAddress, sortPrefectures } from './prefectures';

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

describe('prefectureCodeOfAddress', () => {
  it.each([
    ['東京都中央区', '13'],
    ['東京都', '13'],
    ['　東京都武蔵野市', '13'],
    ['京都府京都市下京区', '26'],
    ['北海道札幌市', '01'],
    ['大阪府大阪市北区梅田2-4-9', '27'],
    ['沖縄県那覇市', '47'],
    ['神奈川県横浜市', '14'],
  ])('%s is in %s', (address, code) => expect(prefectureCodeOfAddress(address)).toBe(code));

  it.each(['', '中央区銀座', '横浜市中区', '東京', 'Tokyo', '東 京都'])('%j names no prefecture', (address) =>
    expect(prefectureCodeOfAddress(address)).toBeNull(),
  );
});
