import type { AchievementSummaryRow } from '@junkan/shared/api/transport-reports';
import type { YearMonth } from '../../lib/format';
import { formatYearMonth } from './achievement-csv';
import type { AchievementFilters } from './achievement-filters';

/** A list line's key: a month, a waste of one company, in one unit. */
export const achievementRowKey = (r: AchievementSummaryRow) =>
  `${r.year}-${r.month}-${r.type}-${r.wasteCode}-${r.wasteCompanyId}-${r.transportVolumeUnitId}`;

/** A month (1-12) after this one: the month picker offers none. */
export const isMonthAfter = (year: number, month: number, today: YearMonth) =>
  year * 12 + month > today.year * 12 + today.month;

/** The period the CSV names: the year, and the month in monthly mode. */
export const csvPeriodOf = (filters: Pick<AchievementFilters, 'period' | 'year' | 'month'>) => ({
  year: filters.year,
  month: filters.period === 'monthly' ? filters.month : null,
});

/**
 * An empty period's way to the latest lines: the period as the button names it and the change that shows it;
 * null when there are none, they are the period shown, or a waste name is searched (the name is the reason).
 */
export function latestPeriodOffer(
  filters: Pick<AchievementFilters, 'period' | 'year' | 'month' | 'wasteName'>,
  latest: YearMonth | null,
): { period: string; change: YearMonth } | null {
  if (latest === null || filters.wasteName) return null;
  const isShown =
    latest.year === filters.year && (filters.period === 'annual' || latest.month === filters.month);
  if (isShown) return null;
  return {
    period: filters.period === 'annual' ? String(latest.year) : formatYearMonth(latest.year, latest.month),
    change: { year: latest.year, month: latest.month },
  };
}
