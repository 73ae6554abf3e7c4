import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { HandlingWastePrice } from '@junkan/shared';
import { App, Button, Card, Checkbox, Empty, Flex, Input, Result, Space, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../lib/form-errors';
import { formatDate, formatYen, toJapanTime } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useDeleteHandlingWastePrice } from '../api/delete-handling-waste-price';
import { type HandlingWastePriceListParams, useHandlingWastePrices } from '../api/handling-waste-prices';
import { HandlingWastePriceFormModal } from '../components/handling-waste-price-form-modal';
import { PriceStatusTag } from '../components/price-status-tag';

const PAGE_SIZE = 20;
type SortKey = HandlingWastePriceListParams['sort'];

/** The platform's handling-waste unit prices (user 20000's granted screen): list, register, edit, delete. */
export default function HandlingWasteUnitPricePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [keyword, setKeyword] = useState('');
  const deferredKeyword = useDeferredValue(keyword.trim());
  const [currentOnly, setCurrentOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ sort: SortKey; order: 'asc' | 'desc' }>({
    sort: 'wasteName',
    order: 'asc',
  });
  // Each opening mounts a fresh form (key), so it starts from the row's values.
  const [modalState, setModalState] = useState<{
    open: boolean;
    editing: HandlingWastePrice | null;
    key: number;
  }>({
    open: false,
    editing: null,
    key: 0,
  });
  const openModal = (editing: HandlingWastePrice | null) =>
    setModalState((s) => ({ open: true, editing, key: s.key + 1 }));
  const list = useHandlingWastePrices({
    page,
    size: PAGE_SIZE,
    keyword: deferredKeyword || undefined,
    currentOnly,
    ...sort,
  });
  const remove = useDeleteHandlingWastePrice();
  const today = toJapanTime(Date.now())?.format('YYYY-MM-DD') ?? '';

  const confirmDelete = (row: HandlingWastePrice) =>
    modal.confirm({
      title: t('handlingWastePrice.deleteTitle'),
      content: messageText(t, 'confirm_delete', {
        name: `${row.wasteName} ${formatDate(row.validFrom)}〜${row.validTo ? formatDate(row.validTo) : ''}`,
      }),
      okText: t('handlingWastePrice.delete'),
      okButtonProps: { danger: true },
      cancelText: t('handlingWastePrice.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(row.id);
          void message.success(t('master_deleted'));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  if (list.isError && !list.data) {
    return (
      <Result
        status="warning"
        title={t('handlingWastePrice.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const sortOrderOf = (key: SortKey) =>
    sort.sort === key ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  return (
    <Card title={t('menu.handlingWasteUnitPrice')} data-testid="handling-waste-price-page">
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Space wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('handlingWastePrice.searchPlaceholder')}
            aria-label={t('handlingWastePrice.searchPlaceholder')}
            maxLength={64}
            value={keyword}
            onChange={(e) => {
              setKeyword(e.target.value);
              setPage(1);
            }}
            style={{ width: 280 }}
          />
          <Checkbox
            checked={currentOnly}
            onChange={(e) => {
              setCurrentOnly(e.target.checked);
              setPage(1);
            }}
          >
            {t('handlingWastePrice.currentOnly')}
          </Checkbox>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openModal(null)}>
          {t('handlingWastePrice.new')}
        </Button>
      </Flex>
      <Table<HandlingWastePrice>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        onChange={(pagination, _filters, sorter) => {
          const s = sorter as SorterResult<HandlingWastePrice>;
          const key = (s.columnKey as SortKey | undefined) ?? 'wasteName';
          setSort(
            s.order
              ? { sort: key, order: s.order === 'descend' ? 'desc' : 'asc' }
              : { sort: 'wasteName', order: 'asc' },
          );
          setPage(pagination.current ?? 1);
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => t('handlingWastePrice.total', { count: total }),
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(
                keyword || currentOnly ? 'handlingWastePrice.noMatch' : 'handlingWastePrice.empty',
              )}
            />
          ),
        }}
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
              `${formatDate(r.validFrom)} 〜 ${r.validTo ? formatDate(r.validTo) : t('handlingWastePrice.untilFurtherNotice')}`,
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
                <Button size="small" icon={<EditOutlined />} onClick={() => openModal(r)}>
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
        key={modalState.key}
        open={modalState.open}
        editing={modalState.editing}
        onClose={() => setModalState((s) => ({ ...s, open: false }))}
      />
    </Card>
  );
}
