import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { endsBeforeStart, overlapsAnotherPeriod, periodDates, periodOf, toIsoDate } from './period-values';

const dates = (from: string | null, to: string | null = null) => ({
  validFrom: from ? dayjs(from) : null,
  validTo: to ? dayjs(to) : null,
});
const row = (key: number, from: string | null, to: string | null = null) => ({ key, ...dates(from, to) });

describe('period values', () => {
  it('sends the pickers as YYYY-MM-DD, an empty end as null and reads a stored period back', () => {
    expect(toIsoDate(dayjs('2026-04-01'))).toBe('2026-04-01');
    expect(toIsoDate(null)).toBeNull();
    expect(periodOf(dates('2026-04-01', '2027-03-31'))).toEqual({
      validFrom: '2026-04-01',
      validTo: '2027-03-31',
    });
    expect(periodOf(dates('2026-04-01'))).toEqual({ validFrom: '2026-04-01', validTo: null });
    expect(periodOf(undefined)).toEqual({ validFrom: '', validTo: null });
    expect(periodOf(periodDates({ validFrom: '2026-04-01', validTo: '2026-09-30' }))).toEqual({
      validFrom: '2026-04-01',
      validTo: '2026-09-30',
    });
    expect(periodDates({ validFrom: '2026-04-01', validTo: null }).validTo).toBeNull();
  });

  it.each([
    ['an end before the start', dates('2026-06-01', '2026-05-31'), true],
    ['an open end', dates('2026-06-01'), false],
    ['a single day', dates('2026-06-01', '2026-06-01'), false],
    ['no start yet', dates(null, '2026-05-31'), false],
    ['nothing', undefined, false],
  ])('endsBeforeStart: %s', (_name, period, expected) => {
    expect(endsBeforeStart(period)).toBe(expected);
  });

  it('finds overlapping periods of the same key only, among valid rows with a start', () => {
    const keyOf = (r: { key: number }) => r.key;
    const rows = [row(3, '2026-04-01', '2026-06-30'), row(3, '2026-06-01'), row(4, '2026-04-01')];
    expect(overlapsAnotherPeriod(rows, 0, keyOf)).toBe(true);
    expect(overlapsAnotherPeriod(rows, 1, keyOf)).toBe(true);
    expect(overlapsAnotherPeriod(rows, 2, keyOf)).toBe(false);
    const apart = [row(3, '2026-04-01', '2026-05-31'), row(3, '2026-06-01')];
    expect(overlapsAnotherPeriod(apart, 1, keyOf)).toBe(false);
    // A row without a start, or ending before it starts, is refused for that and not as an overlap.
    expect(overlapsAnotherPeriod([row(3, null), row(3, '2026-06-01')], 0, keyOf)).toBe(false);
    expect(overlapsAnotherPeriod([row(3, '2026-06-01'), row(3, null)], 0, keyOf)).toBe(false);
    const reversed = [row(3, '2026-06-01', '2026-05-01'), row(3, '2026-01-01')];
    expect(overlapsAnotherPeriod(reversed, 0, keyOf)).toBe(false);
    expect(overlapsAnotherPeriod(reversed, 1, keyOf)).toBe(false);
    expect(overlapsAnotherPeriod([row(3, '2026-06-01'), undefined], 0, keyOf)).toBe(false);
  });
});
