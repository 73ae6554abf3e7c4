import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { HandlingWastePrice } from '@junkan/shared';
import { Button, Card, Checkbox, Flex, Space, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { japanToday } from '../../../components/form/date-field';
import { useFormModalTarget } from '../../../components/form-modal';
import {
  columnSortOrder,
  emptyLocale,
  FilterInput,
  ListToolbar,
  LoadFailed,
  listPagination,
  PAGE_SIZE,
  type SortOrder,
  tableChange,
  useFilterPage,
} from '../../../components/master-list';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { formatDate, formatYen } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { useDeleteHandlingWastePrice } from '../api/delete-handling-waste-price';
import { type HandlingWastePriceListParams, useHandlingWastePrices } from '../api/handling-waste-prices';
import { HandlingWastePriceFormModal } from '../components/handling-waste-price-form-modal';
import { PriceStatusTag } from '../components/price-status-tag';

type SortKey = HandlingWastePriceListParams['sort'];

/** The platform's handling-waste unit prices (user 20000's granted screen): list, register, edit, delete. */
export default function HandlingWasteUnitPricePage() {
  const { t } = useTranslation();
  const { filter, setFilter, page, setPage } = useFilterPage({ keyword: '', currentOnly: false });
  const { keyword, currentOnly } = filter;
  const deferredKeyword = useDeferredValue(keyword.trim());
  const [sort, setSort] = useState<{ sort: SortKey; order: SortOrder }>({
    sort: 'wasteName',
    order: 'asc',
  });
  // Each opening mounts a fresh form (key), so it starts from the row's values.
  const modal = useFormModalTarget<HandlingWastePrice>();
  const list = useHandlingWastePrices({
    page,
    size: PAGE_SIZE,
    keyword: deferredKeyword || undefined,
    currentOnly,
    ...sort,
  });
  const remove = useDeleteHandlingWastePrice();
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync);
  const today = japanToday();

  const confirmDelete = (row: HandlingWastePrice) =>
    deleteWithConfirm({
      id: row.id,
      title: t('handlingWastePrice.deleteTitle'),
      name: `${row.wasteName} ${formatDate(row.validFrom)}${currentPunctuation().range}${row.validTo ? formatDate(row.validTo) : ''}`,
    });

  if (list.isError && !list.data) {
    return <LoadFailed title={t('handlingWastePrice.loadFailed')} onRetry={() => void list.refetch()} />;
  }

  const sortOrderOf = (key: SortKey) => columnSortOrder(sort, key);

  return (
    <Card title={t('menu.handlingWasteUnitPrice')} data-testid="handling-waste-price-page">
      <ListToolbar>
        <Space wrap>
          <FilterInput
            label={t('handlingWastePrice.searchPlaceholder')}
            maxLength={64}
            value={keyword}
            onChange={(value) => setFilter({ ...filter, keyword: value })}
            style={{ width: 280 }}
          />
          <Checkbox
            checked={currentOnly}
            onChange={(e) => setFilter({ ...filter, currentOnly: e.target.checked })}
          >
            {t('handlingWastePrice.currentOnly')}
          </Checkbox>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => modal.show(null)}>
          {t('handlingWastePrice.new')}
        </Button>
      </ListToolbar>
      <DataTable<HandlingWastePrice>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        onChange={(pagination, _filters, sorter) => {
          const next = tableChange(pagination, sorter, sort, 'wasteName');
          setSort({ sort: next.sort, order: next.order });
          setPage(next.page);
        }}
        pagination={listPagination({
          page,
          total: list.data?.total ?? 0,
          totalText: (count) => t('handlingWastePrice.total', { count }),
        })}
        locale={emptyLocale(
          t(keyword || currentOnly ? 'handlingWastePrice.noMatch' : 'handlingWastePrice.empty'),
        )}
        columns={[
          {
            key: 'wasteName',
            title: t('handlingWastePrice.column.waste'),
            sorter: true,
            sortOrder: sortOrderOf('wasteName'),
            render: (_, r) => (
              <Flex vertical>
                <span>{r.wasteName}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.wasteCode}
                </Typography.Text>
              </Flex>
            ),
          },
          { key: 'unit', title: t('handlingWastePrice.column.unit'), dataIndex: 'unit', width: 100 },
          {
            key: 'unitPrice',
            title: t('handlingWastePrice.column.unitPrice'),
            align: 'right',
            width: 160,
            sorter: true,
            sortOrder: sortOrderOf('unitPrice'),
            render: (_, r) => formatYen(r.unitPrice),
          },
          {
            key: 'validFrom',
            title: t('handlingWastePrice.column.period'),
            width: 240,
            sorter: true,
            sortOrder: sortOrderOf('validFrom'),
            render: (_, r) =>
              `${formatDate(r.validFrom)} ${currentPunctuation().range} ${r.validTo ? formatDate(r.validTo) : t('handlingWastePrice.untilFurtherNotice')}`,
          },
          {
            key: 'status',
            title: t('handlingWastePrice.column.status'),
            width: 110,
            render: (_, r) => <PriceStatusTag validFrom={r.validFrom} validTo={r.validTo} today={today} />,
          },
          {
            key: 'actions',
            title: t('handlingWastePrice.column.actions'),
            width: 200,
            render: (_, r) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} onClick={() => modal.show(r)}>
                  {t('handlingWastePrice.edit')}
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(r)}>
                  {t('handlingWastePrice.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <HandlingWastePriceFormModal
        key={modal.key}
        open={modal.open}
        editing={modal.editing}
        onClose={modal.close}
      />
    </Card>
  );
}
