import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { refuseInvalidPeriod, refuseListPeriods } from './period-prices';

const p = (wasteId: number | null, validFrom: string, validTo: string | null = null) => ({
  wasteId,
  validFrom,
  validTo,
});

/** The refusal a call makes, as the error handler answers it (no refusal: null). */
function refusal(call: () => void) {
  try {
    call();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, fields: error.fields, params: error.params };
  }
}

describe('period price kit', () => {
  it.each([
    ['an end before the start', p(1, '2026-02-01', '2026-01-31'), 'invalid_period'],
    ['a single day', p(1, '2026-02-01', '2026-02-01'), null],
    ['an open end', p(1, '2026-02-01'), null],
  ])('refuseInvalidPeriod: %s', (_name, period, code) => {
    const answer = refusal(() => refuseInvalidPeriod(period));
    expect(answer?.code ?? null).toBe(code);
    if (code) expect(answer?.fields).toEqual({ validTo: code });
  });

  it('refuseInvalidPeriod names the field it is given', () => {
    expect(refusal(() => refuseInvalidPeriod(p(1, '2026-02-01', '2026-01-01'), 'prices.2.validTo'))).toEqual({
      code: 'invalid_period',
      fields: { 'prices.2.validTo': 'invalid_period' },
      params: undefined,
    });
  });

  it.each([
    ['no rows', [], null],
    ['consecutive periods of one waste', [p(1, '2026-01-01', '2026-03-31'), p(1, '2026-04-01')], null],
    ['overlaps of different wastes', [p(1, '2026-01-01'), p(2, '2026-01-01'), p(null, '2026-01-01')], null],
    [
      'an end before the start comes first',
      [p(1, '2026-01-01'), p(1, '2026-01-01'), p(2, '2026-05-01', '2026-04-01')],
      {
        code: 'invalid_period',
        fields: { 'prices.2.validTo': 'invalid_period' },
        params: undefined,
      },
    ],
    [
      'an overlap of one waste, on both starts, with the rows counted from 1',
      [p(1, '2026-01-01', '2026-03-31'), p(2, '2026-01-01'), p(1, '2026-03-31')],
      {
        code: 'period_overlap',
        fields: { 'prices.0.validFrom': 'period_overlap', 'prices.2.validFrom': 'period_overlap' },
        params: { row: 3, otherRow: 1 },
      },
    ],
  ])('refuseListPeriods: %s', (_name, rows, expected) => {
    expect(refusal(() => refuseListPeriods(rows, (r) => r.wasteId, 'prices'))).toEqual(expected);
  });
});
