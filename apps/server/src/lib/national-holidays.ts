import holidayJp from '@holiday-jp/holiday_jp';
import type { HolidayLookup } from '@junkan/shared/business-day';

/**
 * Japan's national holidays (substitute holidays and citizens' holidays included) from the holiday_jp
 * dataset, keyed by Japan date YYYY-MM-DD. The dataset is updated with the package when the law changes.
 */
const HOLIDAYS = holidayJp.holidays as Readonly<
  Record<string, { name: string; name_en: string } | undefined>
>;

export const nationalHolidayName: HolidayLookup = (date) => HOLIDAYS[date]?.name ?? null;

export function nationalHolidayNameEn(date: string): string | null {
  return HOLIDAYS[date]?.name_en ?? null;
}
