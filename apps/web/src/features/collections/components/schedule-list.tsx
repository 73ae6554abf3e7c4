import type { CollectionSummary } from '@junkan/shared/api/collections';
import { paths } from '@junkan/shared/paths';
import { Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { currentPunctuation } from '../../../lib/i18n';
import { CollectionCards } from './collection-cards';
import { CollectionStatusTag } from './collection-status-tag';
import { useDayText } from './use-day-text';

/** The month's collections as a table (cards on a phone); the date opens the collection. */
export function ScheduleList({
  items,
  isTransport,
  loading,
}: {
  items: CollectionSummary[];
  isTransport: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const dayText = useDayText();
  const screens = Grid.useBreakpoint();
  if (!(screens.md ?? true))
    return <CollectionCards items={items} isTransport={isTransport} emptyText={t('collections.empty')} />;
  return (
    <DataTable<CollectionSummary>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={items}
      locale={{ emptyText: t('collections.empty') }}
      pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: 1000 }}
      data-testid="schedule-list"
      columns={[
        {
          key: 'date',
          title: t('collections.column.date'),
          width: 140,
          render: (_, c) => <Link to={paths.collectionScheduleDetail.to(c.id)}>{dayText(c.date)}</Link>,
        },
        {
          key: 'status',
          title: t('collections.column.status'),
          width: 200,
          render: (_, c) => <CollectionStatusTag status={c.status} skipReason={c.skipReason} />,
        },
        {
          key: 'project',
          title: t('collections.column.project'),
          ellipsis: true,
          render: (_, c) => c.project.title,
        },
        {
          key: 'party',
          title: isTransport ? t('collections.column.discharger') : t('collections.column.transporter'),
          ellipsis: true,
          width: 170,
          render: (_, c) => (isTransport ? c.discharger.name : c.transportCompany.name),
        },
        {
          key: 'site',
          title: t('collections.column.site'),
          ellipsis: true,
          width: 150,
          render: (_, c) => c.dischargeSite.name,
        },
        {
          key: 'wastes',
          title: t('collections.column.wastes'),
          ellipsis: true,
          width: 160,
          render: (_, c) => c.wasteNames.join(currentPunctuation().list),
        },
        {
          key: 'vehicle',
          title: t('collections.column.vehicle'),
          width: 110,
          render: (_, c) => t(`collections.vehicle.${c.vehicleLimit}`),
        },
      ]}
    />
  );
}
