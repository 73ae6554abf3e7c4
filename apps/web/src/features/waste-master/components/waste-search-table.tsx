import type { WasteManageItem, WasteSortField } from '@junkan/shared/api/waste';
import type { WasteCategory } from '@junkan/shared/waste-tree';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import {
  columnSortOrder,
  emptyLocale,
  LoadFailed,
  listPagination,
  PAGE_SIZE,
  type SortOrder,
  tableChange,
} from '../../../components/master-list';
import { useWasteManagePage } from '../api/waste-manage';
import { formatFactor, LevelTag, WasteRowActions, type WasteRowHandlers } from './waste-columns';

/** Search results from GET /waste/manage: paged and sorted by the server, each row naming its ancestors. */
export function WasteSearchTable({
  query,
  category,
  handlers,
}: {
  query: string;
  category?: WasteCategory;
  handlers: WasteRowHandlers;
}) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, size: PAGE_SIZE });
  const [sort, setSort] = useState<{ sort: WasteSortField; order: SortOrder }>({
    sort: 'wasteCode',
    order: 'asc',
  });
  const result = useWasteManagePage({ query, category, ...paging, ...sort }, true);

  if (result.isError) {
    return <LoadFailed title={t('wasteMaster.loadFailed')} onRetry={() => void result.refetch()} />;
  }

  const sortOrderOf = (field: WasteSortField) => columnSortOrder(sort, field);

  return (
    <DataTable<WasteManageItem>
      rowKey="id"
      size="middle"
      data-testid="waste-search-results"
      loading={result.isFetching}
      dataSource={result.data?.items ?? []}
      scroll={{ x: 1100 }}
      pagination={listPagination({
        page: paging.page,
        size: paging.size,
        total: result.data?.total ?? 0,
        sizes: true,
        totalText: (count) => t('wasteMaster.total', { count }),
      })}
      // Only the sortable columns (wasteCode, name, level, category) have a sorter.
      onChange={(pagination, _filters, sorter) => {
        const next = tableChange(pagination, sorter, sort, 'wasteCode');
        setSort({ sort: next.sort, order: next.order });
        setPaging({ page: next.page, size: next.size });
      }}
      locale={emptyLocale(t('wasteMaster.noMatch'))}
      columns={[
        {
          key: 'level',
          title: t('wasteMaster.field.level'),
          width: 100,
          sorter: true,
          sortOrder: sortOrderOf('level'),
          render: (_, w) => <LevelTag level={w.level} t={t} />,
        },
        {
          key: 'name',
          title: t('wasteMaster.field.name'),
          sorter: true,
          sortOrder: sortOrderOf('name'),
          render: (_, w) => (
            <>
              <div>{w.name}</div>
              {w.ancestorNames.length > 0 && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {w.ancestorNames.join(' › ')}
                </Typography.Text>
              )}
            </>
          ),
        },
        {
          key: 'wasteCode',
          title: t('wasteMaster.field.wasteCode'),
          dataIndex: 'wasteCode',
          width: 120,
          sorter: true,
          sortOrder: sortOrderOf('wasteCode'),
        },
        {
          key: 'category',
          title: t('wasteMaster.field.category'),
          width: 120,
          sorter: true,
          sortOrder: sortOrderOf('category'),
          render: (_, w) => t(`projectType.${w.category}`),
        },
        {
          key: 'tPerM3',
          title: t('wasteMaster.field.tPerM3'),
          width: 100,
          align: 'right',
          render: (_, w) => formatFactor(w.tPerM3),
        },
        {
          key: 'tPerPiece',
          title: t('wasteMaster.field.tPerPiece'),
          width: 100,
          align: 'right',
          render: (_, w) => formatFactor(w.tPerPiece),
        },
        {
          key: 'actions',
          title: t('wasteMaster.actions'),
          width: 310,
          render: (_, w) => <WasteRowActions waste={w} handlers={handlers} t={t} />,
        },
      ]}
    />
  );
}
