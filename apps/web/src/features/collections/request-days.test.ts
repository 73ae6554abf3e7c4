import { describe, expect, it } from 'vitest';
import { collectableRange, dayBlock, firstPickableMonth, type KnownDay } from './request-days';
import { OPTION } from './test-option';

const TODAY = '2026-11-25';

describe('day picking', () => {
  const known = new Map<string, KnownDay>([
    ['2026-12-06', { collectable: false, reason: 'NOT_BUSINESS_WEEKDAY' }],
    ['2026-12-07', { collectable: true, reason: null }],
  ]);
  const ctx = { today: TODAY, option: OPTION, known };
  it('blocks past days, days outside the requestable period and days the transporter does not collect', () => {
    expect(dayBlock('2026-11-24', ctx)).toBe('PAST');
    expect(dayBlock('2026-11-25', ctx)).toBeNull();
    expect(dayBlock('2028-06-01', ctx)).toBe('OUTSIDE');
    expect(dayBlock('2026-12-06', ctx)).toBe('NOT_BUSINESS_WEEKDAY');
    expect(dayBlock('2026-12-07', ctx)).toBeNull();
    // Not fetched yet: left to the server.
    expect(dayBlock('2026-12-08', ctx)).toBeNull();
  });
  it('fetches the panel around a month, within the period from today', () => {
    expect(collectableRange('2026-12', TODAY, OPTION.contract)).toEqual({
      from: '2026-11-25',
      to: '2027-01-14',
    });
    expect(collectableRange('2027-02', TODAY, OPTION.contract)).toEqual({
      from: '2027-01-25',
      to: '2027-03-14',
    });
    expect(collectableRange('2028-05', TODAY, OPTION.contract)).toEqual({
      from: '2028-04-24',
      to: '2028-05-31',
    });
    expect(collectableRange('2026-10', TODAY, OPTION.contract)).toBeNull();
  });
  it('opens the picker on the first month a day can be picked', () => {
    expect(firstPickableMonth(TODAY, OPTION)).toBe('2026-11');
    expect(
      firstPickableMonth(TODAY, { ...OPTION, contract: { ...OPTION.contract, startDate: '2027-02-01' } }),
    ).toBe('2027-02');
  });
});
