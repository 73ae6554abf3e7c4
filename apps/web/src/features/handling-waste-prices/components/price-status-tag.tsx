import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** In effect, upcoming or ended, as of `today` (a Japan date). */
export function PriceStatusTag({
  validFrom,
  validTo,
  today,
}: {
  validFrom: string;
  validTo: string | null;
  today: string;
}) {
  const { t } = useTranslation();
  if (validFrom > today) return <Tag color="blue">{t('handlingWastePrice.status.future')}</Tag>;
  if (validTo && validTo < today) return <Tag>{t('handlingWastePrice.status.ended')}</Tag>;
  return <Tag color="green">{t('handlingWastePrice.status.active')}</Tag>;
}
