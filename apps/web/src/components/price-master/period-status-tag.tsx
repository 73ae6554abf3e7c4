import { type DatePeriod, type PeriodStatus, periodStatusOn } from '@junkan/shared/rules/price-period';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const LOOK: Record<PeriodStatus, { color?: string; label: string }> = {
  FUTURE: { color: 'blue', label: 'handlingWastePrice.status.future' },
  CURRENT: { color: 'green', label: 'handlingWastePrice.status.active' },
  PAST: { label: 'handlingWastePrice.status.ended' },
};

/** In effect, upcoming or ended, as of `today` (a Japan date): the shared periodStatusOn. */
export function PeriodStatusTag({ period, today }: { period: DatePeriod; today: string }) {
  const { t } = useTranslation();
  const look = LOOK[periodStatusOn(period, today)];
  return <Tag color={look.color}>{t(look.label)}</Tag>;
}
