import type { CollectionSummary } from '@junkan/shared/api/collections';
import { paths } from '@junkan/shared/paths';
import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentPunctuation } from '../../../lib/i18n';
import { CollectionStatusTag } from './collection-status-tag';
import { useDayText } from './use-day-text';

/** The collections as cards, for phones: each card opens the collection. */
export function CollectionCards({
  items,
  isTransport,
  emptyText,
}: {
  items: CollectionSummary[];
  isTransport: boolean;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const dayText = useDayText();
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <Flex vertical gap={8} data-testid="collection-cards">
      {items.map((c) => (
        <Link key={c.id} to={paths.collectionScheduleDetail.to(c.id)} data-testid="collection-card">
          <Card size="small" hoverable>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text strong>{dayText(c.date)}</Typography.Text>
              <CollectionStatusTag status={c.status} skipReason={c.skipReason} />
            </Flex>
            <div>{c.project.title}</div>
            <Typography.Text type="secondary">
              {isTransport ? `${c.discharger.name} / ` : ''}
              {c.dischargeSite.name}
              {c.wasteNames.length > 0 ? ` / ${c.wasteNames.join(currentPunctuation().list)}` : ''}
            </Typography.Text>
            {c.vehicleLimit !== 'NONE' && (
              <div>
                <Typography.Text type="secondary">
                  {t('collections.field.vehicleLimit')}: {t(`collections.vehicle.${c.vehicleLimit}`)}
                </Typography.Text>
              </div>
            )}
          </Card>
        </Link>
      ))}
    </Flex>
  );
}
