import { useTranslation } from 'react-i18next';
import { punctuationOf } from '../../../lib/format';
import { formatDayWithWeekday } from '../collection-labels';

/** A Japan date as shown with its weekday in the current language: 2026/12/03（木）. */
export function useDayText(): (date: string) => string {
  const { t, i18n } = useTranslation();
  return (date) =>
    formatDayWithWeekday(date, (d) => t(`collections.weekday.${d}`), punctuationOf(i18n.language));
}
