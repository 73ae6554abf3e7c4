import type { AchievementDetailSortKey } from '@junkan/shared/achievement-list';
import type {
  AchievementDetail,
  AchievementDetailQuery,
  AchievementRow,
} from '@junkan/shared/api/transport-reports';
import { paths } from '@junkan/shared/paths';
import { Button, Card, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { columnSortOrder, listPagination, tableChange } from '../../../components/master-list';
import { ReportStatusTag } from '../../../components/report-status-tag';
import { formatPlainDate } from '../../../lib/format';
import { DEFAULT_DETAIL_PAGING, type DetailPaging, wasteTypeLabelKey } from '../achievement-filters';
import { volumeWithUnitText } from '../achievement-volume';

/**
 * The reports of one line, a page at a time, sorted by the server. An industrial report names its manifest and
 * opens in the report dialog from its volume; a regular one shows its collection date.
 */
export function AchievementDetailTable({
  detail,
  query,
  update,
  isLoading,
  isDischarger,
  industrial,
  onOpenReport,
}: {
  /** The page shown, with the line's total. */
  detail: AchievementDetail;
  query: AchievementDetailQuery;
  update: (change: Partial<DetailPaging>) => void;
  /** Another page or sort is on its way; the table still shows the last one. */
  isLoading: boolean;
  isDischarger: boolean;
  industrial: boolean;
  onOpenReport: (reportId: number) => void;
}) {
  const { t } = useTranslation();
  const sortOrder = (key: AchievementDetailSortKey) => columnSortOrder(query, key);
  const common: TableColumnsType<AchievementRow> = [
    {
      key: 'type',
      title: t('achievements.column.type'),
      width: 110,
      render: (_, r) => t(wasteTypeLabelKey(r.type)),
    },
    { key: 'wasteName', title: t('achievements.column.wasteName'), dataIndex: 'wasteName', ellipsis: true },
    {
      key: 'projectTitle',
      title: t('achievements.column.projectTitle'),
      dataIndex: 'projectTitle',
      ellipsis: true,
      sorter: true,
      sortOrder: sortOrder('projectTitle'),
    },
  ];
  const columns: TableColumnsType<AchievementRow> = industrial
    ? [
        ...common,
        {
          key: 'manifestNumber',
          title: t('achievements.column.manifestNumber'),
          width: 150,
          sorter: true,
          sortOrder: sortOrder('manifestNumber'),
          render: (_, r) =>
            r.manifestId ? <Link to={paths.manifestDetail.to(r.manifestId)}>{r.manifestId}</Link> : null,
        },
        {
          key: 'date',
          title: t('achievements.column.endDateTransport'),
          width: 130,
          sorter: true,
          sortOrder: sortOrder('date'),
          render: (_, r) => formatPlainDate(r.endDateTransport),
        },
        {
          key: 'volume',
          title: t('achievements.column.volume'),
          width: 140,
          align: 'right',
          sorter: true,
          sortOrder: sortOrder('volume'),
          // The report dialog opens from the volume (section 2, achievement details).
          render: (_, r) => (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={() => onOpenReport(r.id)}
              data-testid={`open-report-${r.id}`}
            >
              {volumeWithUnitText(r.transportVolume, r.transportVolumeUnit)}
            </Button>
          ),
        },
        {
          key: 'transporter',
          title: t('achievements.column.transporter'),
          dataIndex: 'transporter',
          width: 140,
          ellipsis: true,
        },
        {
          key: 'status',
          title: t('achievements.column.status'),
          width: 130,
          render: (_, r) => <ReportStatusTag status={r.status} isDischarger={isDischarger} />,
        },
      ]
    : [
        ...common,
        {
          key: 'date',
          title: t('achievements.column.collectionDate'),
          width: 130,
          sorter: true,
          sortOrder: sortOrder('date'),
          render: (_, r) => formatPlainDate(r.collectiondate),
        },
        {
          key: 'volume',
          title: t('achievements.column.volume'),
          width: 140,
          align: 'right',
          sorter: true,
          sortOrder: sortOrder('volume'),
          render: (_, r) => volumeWithUnitText(r.transportVolume, r.transportVolumeUnit),
        },
      ];

  return (
    <Card size="small">
      <DataTable<AchievementRow>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={detail.items}
        columns={columns}
        pagination={listPagination({
          page: query.page,
          size: query.size,
          total: detail.total,
          totalText: (count) => t('achievements.detailTotal', { count }),
          sizes: true,
        })}
        onChange={(pagination, _filters, sorter) =>
          update(tableChange(pagination, sorter, query, DEFAULT_DETAIL_PAGING.sort))
        }
        scroll={{ x: industrial ? 1100 : 760 }}
        data-testid="achievement-detail-rows"
      />
    </Card>
  );
}
