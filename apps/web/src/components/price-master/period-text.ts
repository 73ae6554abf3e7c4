import type { DatePeriod } from '@junkan/shared/rules/price-period';
import { formatDate } from '../../lib/format';
import { currentPunctuation } from '../../lib/i18n';

/** A price period as the lists show it: 2026/04/01 〜 2027/03/31, or 〜 `untilFurtherNotice` when open. */
export const periodText = (period: DatePeriod, untilFurtherNotice: string) =>
  `${formatDate(period.validFrom)} ${currentPunctuation().range} ${period.validTo ? formatDate(period.validTo) : untilFurtherNotice}`;
