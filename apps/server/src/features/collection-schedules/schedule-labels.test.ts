import { describe, expect, it } from 'vitest';
import { formatCollectedAmount, formatEntryHours, formatSiteAddress } from './schedule-labels';

describe('schedule wording', () => {
  it.each([
    [{ bags: { '70': 1, '45': 3 }, volume: null, unit: null }, '45L×3、70L×1'],
    [{ bags: { '45': 0 }, volume: 1.5, unit: 't' }, '1.5t'],
    [{ bags: { '90': 2 }, volume: 20, unit: 'kg' }, '90L×2、20kg'],
    [{ bags: {}, volume: 3, unit: null }, '3'],
    [{ bags: {}, volume: null, unit: 't' }, ''],
  ])('writes %j as %s', (amount, expected) => {
    expect(formatCollectedAmount(amount)).toBe(expected);
  });

  it.each([
    ['08:00', '10:00', '08:00〜10:00'],
    ['08:00', null, '08:00〜'],
    [null, '17:00', '〜17:00'],
    [null, null, ''],
  ])('writes entry hours %s-%s as %j', (from, until, expected) => {
    expect(formatEntryHours(from, until)).toBe(expected);
  });

  it('writes an address with its postal code', () => {
    const site = { postalCode: '104-0061', address1: '東京都中央区', address2: '銀座', address3: '1-2-3' };
    expect(formatSiteAddress(site)).toBe('〒104-0061 東京都中央区銀座1-2-3');
    expect(formatSiteAddress({ ...site, postalCode: '', address3: '' })).toBe('東京都中央区銀座');
  });
});
