import type { WasteCategory, WasteManageItem, WasteSortField } from '@junkan/shared';
import { Button, Empty, Result, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWasteManagePage } from '../api/waste-manage';
import { formatFactor, LevelTag, WasteRowActions, type WasteRowHandlers } from './waste-columns';

const SORTABLE: readonly WasteSortField[] = ['wasteCode', 'name', 'level', 'category'];

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
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [sort, setSort] = useState<{ sort: WasteSortField; order: 'asc' | 'desc' }>({
    sort: 'wasteCode',
    order: 'asc',
  });
  const result = useWasteManagePage({ query, category, ...paging, ...sort }, true);

  if (result.isError) {
    return (
      <Result
        status="warning"
        title={t('wasteMaster.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void result.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const sortOrderOf = (field: WasteSortField) =>
    sort.sort === field ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  return (
    <Table<WasteManageItem>
      rowKey="id"
      size="middle"
      data-testid="waste-search-results"
      loading={result.isFetching}
      dataSource={result.data?.items ?? []}
      scroll={{ x: 1100 }}
      pagination={{
        current: paging.page,
        pageSize: paging.size,
        total: result.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: (total) => t('wasteMaster.total', { count: total }),
      }}
      onChange={(pagination, _filters, sorter) => {
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<WasteManageItem> | undefined;
        const field = s?.columnKey as WasteSortField | undefined;
        const nextSort =
          field && SORTABLE.includes(field) && s?.order
            ? { sort: field, order: s.order === 'descend' ? ('desc' as const) : ('asc' as const) }
            : { sort: 'wasteCode' as const, order: 'asc' as const };
        const sortChanged = nextSort.sort !== sort.sort || nextSort.order !== sort.order;
        setSort(nextSort);
        setPaging({
          page: sortChanged ? 1 : (pagination.current ?? 1),
          size: pagination.pageSize ?? paging.size,
        });
      }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wasteMaster.noMatch')} />,
      }}
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
