import { describe, expect, it } from 'vitest';
import { tokyoDate } from './time';

const zoned = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' });

describe('tokyoDate', () => {
  it('turns at midnight in Japan (15:00 UTC), not at the server’s midnight', () => {
    expect(tokyoDate(new Date('2026-11-28T14:59:59.999Z'))).toBe('2026-11-28');
    expect(tokyoDate(new Date('2026-11-28T15:00:00.000Z'))).toBe('2026-11-29');
    expect(tokyoDate(new Date('2026-12-31T15:00:00.000Z'))).toBe('2027-01-01');
    expect(tokyoDate(new Date('2028-02-28T15:00:00.000Z'))).toBe('2028-02-29');
  });

  it('agrees with the time-zone database’s Asia/Tokyo on every hour of the years the product serves', () => {
    const from = Date.UTC(1990, 0, 1);
    const to = Date.UTC(2060, 0, 1);
    const step = 7 * 60 * 60 * 1000 + 13 * 60 * 1000; // 7h13m: every hour of the day is visited over the years
    for (let t = from; t < to; t += step) {
      const d = new Date(t);
      if (tokyoDate(d) !== zoned.format(d)) expect(tokyoDate(d)).toBe(zoned.format(d));
    }
  });

  it('refuses an invalid date as the formatter did', () => {
    expect(() => tokyoDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});
