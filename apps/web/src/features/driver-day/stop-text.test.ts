import { describe, expect, it } from 'vitest';
import { PUNCTUATION } from '../../lib/format';
import { askedText, mapHref, telHref } from './stop-text';

const t = (key: string, o?: Record<string, unknown>) => `${key}:${o?.size}:${o?.count}`;

describe('a stop as the driver reads it', () => {
  it('says what was asked: bags by size in order, then the volume with its unit', () => {
    expect(askedText({ bags: { '90': 1, '45': 3, '30': 0 }, volume: 2, unit: 'm3' }, t, PUNCTUATION.ja)).toBe(
      'driverDay.stop.bags:45:3、driverDay.stop.bags:90:1、2.00 m³',
    );
    expect(askedText({ bags: {}, volume: null, unit: null }, t, PUNCTUATION.en)).toBe(
      'driverDay.stop.noAmount:undefined:undefined',
    );
  });

  it('links the address to a map and the number to a call', () => {
    expect(mapHref('東京都中央区銀座1-1')).toBe(
      'https://www.google.com/maps/search/?api=1&query=%E6%9D%B1%E4%BA%AC%E9%83%BD%E4%B8%AD%E5%A4%AE%E5%8C%BA%E9%8A%80%E5%BA%A71-1',
    );
    expect(telHref('03-1234-5678')).toBe('tel:0312345678');
  });
});
