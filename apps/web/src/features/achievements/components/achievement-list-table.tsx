import { ACHIEVEMENT_PAGE_SIZE, type AchievementSortKey } from '@junkan/shared/achievement-list';
import type { AchievementSummaryRow } from '@junkan/shared/api/transport-reports';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { columnSortOrder, tableChange } from '../../../components/master-list';
import { ReportStatusTag } from '../../../components/report-status-tag';
import type { YearMonth } from '../../../lib/format';
import { formatYearMonth } from '../achievement-csv';
import {
  type AchievementFilters,
  achievementDetailPath,
  DEFAULT_SORT,
  wasteTypeLabelKey,
} from '../achievement-filters';
import { achievementRowKey, latestPeriodOffer } from '../achievement-list-values';
import { volumeWithUnitText } from '../achievement-volume';

/**
 * A page of the list's lines, sorted and paged by the server; an empty period offers the latest lines. `update`
 * changes the filters (from the first page), `updateList` the page and sort.
 */
export function AchievementListTable({
  rows,
  total,
  latest,
  filters,
  loading,
  isDischarger,
  update,
  updateList,
}: {
  rows: AchievementSummaryRow[];
  total: number;
  latest: YearMonth | null;
  filters: AchievementFilters;
  loading: boolean;
  isDischarger: boolean;
  update: (change: Partial<AchievementFilters>) => void;
  updateList: (change: Partial<AchievementFilters>) => void;
}) {
  const { t } = useTranslation();
  const sortOrder = (key: AchievementSortKey) => columnSortOrder(filters, key);
  return (
    <DataTable<AchievementSummaryRow>
      rowKey={achievementRowKey}
      size="small"
      loading={loading}
      dataSource={rows}
      locale={{
        emptyText: <EmptyPeriod filters={filters} latest={latest} onShow={update} />,
      }}
      pagination={{
        current: filters.page,
        pageSize: ACHIEVEMENT_PAGE_SIZE,
        total,
        showSizeChanger: false,
        showTotal: (count) => t('achievements.total', { count }),
      }}
      onChange={(pagination, _filters, sorter) => {
        const next = tableChange(pagination, sorter, filters, DEFAULT_SORT);
        updateList({ page: next.page, sort: next.sort, order: next.order });
      }}
      scroll={{ x: 900 }}
      data-testid="achievement-list"
      columns={[
        {
          key: 'month',
          title: t('achievements.column.month'),
          width: 100,
          sorter: true,
          sortOrder: sortOrder('month'),
          render: (_, r) => formatYearMonth(r.year, r.month),
        },
        {
          key: 'type',
          title: t('achievements.column.type'),
          width: 120,
          sorter: true,
          sortOrder: sortOrder('type'),
          render: (_, r) => t(wasteTypeLabelKey(r.type)),
        },
        {
          key: 'wasteName',
          title: t('achievements.column.wasteName'),
          ellipsis: true,
          sorter: true,
          sortOrder: sortOrder('wasteName'),
          render: (_, r) => <Link to={achievementDetailPath(r)}>{r.wasteName}</Link>,
        },
        {
          key: 'company',
          title: t('achievements.column.company'),
          dataIndex: 'wasteCompanyName',
          ellipsis: true,
          sorter: true,
          sortOrder: sortOrder('company'),
        },
        {
          key: 'volume',
          title: t('achievements.column.volume'),
          width: 160,
          align: 'right',
          sorter: true,
          sortOrder: sortOrder('volume'),
          // A line has one unit: the same waste in another unit is a line of its own.
          render: (_, r) => volumeWithUnitText(r.transportVolume, r.transportVolumeUnit),
        },
        {
          key: 'status',
          title: t('achievements.column.status'),
          width: 130,
          render: (_, r) => <ReportStatusTag status={r.status} isDischarger={isDischarger} />,
        },
      ]}
    />
  );
}

/** An empty period: where the latest lines are, one click away, rather than a bare "none". */
function EmptyPeriod({
  filters,
  latest,
  onShow,
}: {
  filters: AchievementFilters;
  latest: YearMonth | null;
  onShow: (change: Partial<AchievementFilters>) => void;
}) {
  const { t } = useTranslation();
  const offer = latestPeriodOffer(filters, latest);
  if (offer === null) return <>{t('achievements.empty')}</>;
  const { period } = offer;
  return (
    <Flex vertical align="center" gap={8} data-testid="achievements-latest-hint">
      <Typography.Text type="secondary">{t('achievements.latestHint', { period })}</Typography.Text>
      <Button type="primary" data-testid="achievements-show-latest" onClick={() => onShow(offer.change)}>
        {t('achievements.showLatest', { period })}
      </Button>
    </Flex>
  );
}
