import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enUnits from '../locales/en/units.json';
import jaUnits from '../locales/ja/units.json';
import {
  currentJapanYearMonth,
  formatByteSize,
  formatDate,
  formatDateTime,
  formatEraDate,
  formatMeasureUnit,
  formatPlainDate,
  formatPriceUnit,
  formatQuantity,
  formatUnitPrice,
  formatYen,
  PUNCTUATION,
  punctuationOf,
  unitPriceSuffix,
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
    expect(formatPlainDate('2026-10')).toBe('2026/10');
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

describe('units', () => {
  const translate = (lang: 'ja' | 'en') => {
    const i18n = i18next.createInstance();
    void i18n.init({
      lng: lang,
      resources: { [lang]: { translation: lang === 'ja' ? jaUnits : enUnits } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    return i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
  };
  const ja = translate('ja');
  const en = translate('en');
  const kg = { basis: 'QUANTITY', unit: 'kg' } as const;
  const m3 = { basis: 'QUANTITY', unit: 'm3' } as const;
  const bag45 = { basis: 'BAG', bagSize: 45 } as const;
  const collection = { basis: 'COLLECTION' } as const;
  const none = { basis: 'QUANTITY', unit: null } as const;

  it.each([
    [kg, 'kg', 'kg', '円/kg', 'yen/kg'],
    [{ basis: 'QUANTITY', unit: 't' } as const, 't', 't', '円/t', 'yen/t'],
    [m3, 'm³', 'm³', '円/m³', 'yen/m³'],
    [bag45, '袋(45L)', 'bag (45 L)', '円/袋(45L)', 'yen/bag (45 L)'],
    [collection, '回', 'collection', '円/回', 'yen/collection'],
    [none, '', '', '円', 'yen'],
  ])('%j: unit %s / %s, price suffix %s / %s', (unit, jaUnit, enUnit, jaSuffix, enSuffix) => {
    expect(formatPriceUnit(unit, ja)).toBe(jaUnit);
    expect(formatPriceUnit(unit, en)).toBe(enUnit);
    expect(unitPriceSuffix(unit, ja)).toBe(jaSuffix);
    expect(unitPriceSuffix(unit, en)).toBe(enSuffix);
  });

  it('writes unit prices and quantities with their units', () => {
    expect(formatUnitPrice(1200, kg, ja)).toMatch(/^[¥￥]1,200\/kg$/);
    expect(formatUnitPrice(800, bag45, ja)).toMatch(/^[¥￥]800\/袋\(45L\)$/);
    expect(formatUnitPrice(5000, collection, en)).toMatch(/^[¥￥]5,000\/collection$/);
    expect(formatUnitPrice(5000, none, ja)).toMatch(/^[¥￥]5,000$/);
    expect(formatUnitPrice(null, kg, ja)).toBe('');
    expect(formatQuantity(1.5, { basis: 'QUANTITY', unit: 't' }, ja)).toBe('1.5 t');
    expect(formatQuantity(100, kg, ja)).toBe('100 kg');
    expect(formatQuantity(1200, kg, en)).toBe('1,200 kg');
    expect(formatQuantity(26, bag45, ja)).toBe('26 袋(45L)');
    expect(formatQuantity(8.67, collection, en)).toBe('8.67 collection');
    expect(formatQuantity(3, none, ja)).toBe('3');
    expect(formatQuantity(null, kg, ja)).toBe('');
  });

  it('shows the master m3 as m³', () => {
    expect(formatMeasureUnit('m3')).toBe('m³');
    expect(formatMeasureUnit('kg')).toBe('kg');
    expect(formatMeasureUnit(null)).toBe('');
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
