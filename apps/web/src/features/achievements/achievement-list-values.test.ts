import type { AchievementSummaryRow } from '@junkan/shared/api/transport-reports';
import { describe, expect, it } from 'vitest';
import { achievementRowKey, csvPeriodOf, isMonthAfter, latestPeriodOffer } from './achievement-list-values';

const today = { year: 2026, month: 4 };
const monthly = { period: 'monthly' as const, year: 2026, month: 4, wasteName: '' };
const annual = { ...monthly, period: 'annual' as const };

describe('achievementRowKey', () => {
  it('tells apart the same waste in another unit', () => {
    const row = {
      year: 2026,
      month: 3,
      type: 1,
      wasteCode: '0600',
      wasteCompanyId: 12,
      transportVolumeUnitId: 2,
    } as AchievementSummaryRow;
    expect(achievementRowKey(row)).toBe('2026-3-1-0600-12-2');
    expect(achievementRowKey({ ...row, transportVolumeUnitId: 3 })).not.toBe(achievementRowKey(row));
  });
});

describe('isMonthAfter', () => {
  it.each([
    [2026, 4, false],
    [2026, 3, false],
    [2025, 12, false],
    [2026, 5, true],
    [2027, 1, true],
  ])('%i/%i', (year, month, after) => {
    expect(isMonthAfter(year, month, today)).toBe(after);
  });
});

describe('csvPeriodOf', () => {
  it('names the month in monthly mode only', () => {
    expect(csvPeriodOf(monthly)).toEqual({ year: 2026, month: 4 });
    expect(csvPeriodOf(annual)).toEqual({ year: 2026, month: null });
  });
});

describe('latestPeriodOffer', () => {
  it('offers the latest month of another period, as the monthly table shows it', () => {
    expect(latestPeriodOffer(monthly, { year: 2026, month: 2 })).toEqual({
      period: '2026/02',
      change: { year: 2026, month: 2 },
    });
  });

  it('offers the latest year in annual mode, with its month', () => {
    expect(latestPeriodOffer(annual, { year: 2025, month: 11 })).toEqual({
      period: '2025',
      change: { year: 2025, month: 11 },
    });
  });

  it('offers nothing when the latest lines are the period shown', () => {
    expect(latestPeriodOffer(monthly, { year: 2026, month: 4 })).toBeNull();
    expect(latestPeriodOffer(annual, { year: 2026, month: 1 })).toBeNull();
  });

  it('offers nothing without lines, or while a waste name is searched', () => {
    expect(latestPeriodOffer(monthly, null)).toBeNull();
    expect(latestPeriodOffer({ ...monthly, wasteName: '木くず' }, { year: 2026, month: 2 })).toBeNull();
  });
});
