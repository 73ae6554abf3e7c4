import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { type CollectionArea, type CollectionAreaType, isPeriodActive } from '@junkan/shared';
import { App, Button, Empty, Flex, Input, Result, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../lib/form-errors';
import { formatDate, formatYen, toJapanTime } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useCollectionAreas } from '../api/collection-areas';
import { useDeleteCollectionArea } from '../api/delete-collection-area';
import { CollectionAreaFormModal } from './collection-area-form-modal';

const PAGE_SIZE = 20;
const SHOWN_CODES = 4;

/** One type's areas: search, list with postal codes and the prices in effect today, register/edit/delete. */
export function CollectionAreaTable({ type }: { type: CollectionAreaType }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const list = useCollectionAreas(type);
  const remove = useDeleteCollectionArea();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // Each opening mounts a fresh form (key), so it starts from the row's values.
  const [modalState, setModalState] = useState<{
    open: boolean;
    editing: CollectionArea | null;
    key: number;
  }>({
    open: false,
    editing: null,
    key: 0,
  });
  const openModal = (editing: CollectionArea | null) =>
    setModalState((s) => ({ open: true, editing, key: s.key + 1 }));
  const today = toJapanTime(Date.now())?.format('YYYY-MM-DD') ?? '';

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const digits = needle.replace(/\D/g, '');
    const all = list.data ?? [];
    if (!needle) return all;
    return all.filter(
      (a) =>
        a.areaName.toLowerCase().includes(needle) ||
        (digits.length > 0 && a.posCodes.some((c) => c.replace('-', '').includes(digits))),
    );
  }, [list.data, search]);

  const confirmDelete = (area: CollectionArea) =>
    modal.confirm({
      title: t('areaPriceSetting.deleteTitle'),
      content: messageText(t, 'confirm_delete', { name: area.areaName }),
      okText: t('areaPriceSetting.delete'),
      okButtonProps: { danger: true },
      cancelText: t('areaPriceSetting.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(area.id);
          void message.success(t('master_deleted'));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  if (list.isError) {
    return (
      <Result
        status="warning"
        title={t('areaPriceSetting.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('areaPriceSetting.searchPlaceholder')}
          aria-label={t('areaPriceSetting.searchPlaceholder')}
          maxLength={32}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => openModal(null)}
          data-testid={`new-area-${type}`}
        >
          {t('areaPriceSetting.new')}
        </Button>
      </Flex>
      <Table<CollectionArea>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          hideOnSinglePage: true,
          showTotal: (total) => t('areaPriceSetting.total', { count: total }),
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(search ? 'areaPriceSetting.noMatch' : 'areaPriceSetting.empty')}
            />
          ),
        }}
        columns={[
          {
            key: 'areaName',
            title: t('areaPriceSetting.column.areaName'),
            dataIndex: 'areaName',
            width: 200,
            sorter: (a, b) => a.areaName.localeCompare(b.areaName, 'ja'),
            defaultSortOrder: 'ascend',
          },
          {
            key: 'posCodes',
            title: t('areaPriceSetting.column.posCodes'),
            render: (_, a) => (
              <Space size={[4, 4]} wrap>
                {a.posCodes.slice(0, SHOWN_CODES).map((c) => (
                  <Tag key={c} style={{ marginInlineEnd: 0 }}>
                    〒{c}
                  </Tag>
                ))}
                {a.posCodes.length > SHOWN_CODES && (
                  <Tooltip title={a.posCodes.slice(SHOWN_CODES).join('、')}>
                    <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                      {t('areaPriceSetting.moreCodes', { count: a.posCodes.length - SHOWN_CODES })}
                    </Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            key: 'license',
            title: t('areaPriceSetting.column.license'),
            width: 180,
            render: (_, a) =>
              a.licenseNumber || a.administrativeDistrict ? (
                <Flex vertical>
                  <span>{a.licenseNumber}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {a.administrativeDistrict}
                  </Typography.Text>
                </Flex>
              ) : (
                '—'
              ),
          },
          {
            key: 'currentPrices',
            title: t('areaPriceSetting.column.currentPrices'),
            width: 260,
            render: (_, a) => {
              const current = a.prices.filter((p) => isPeriodActive(p, today));
              if (current.length === 0)
                return (
                  <Typography.Text type="secondary">{t('areaPriceSetting.noCurrentPrice')}</Typography.Text>
                );
              return (
                <Flex vertical>
                  {current.map((p) => (
                    <Tooltip
                      key={p.id}
                      title={`${formatDate(p.validFrom)} 〜 ${p.validTo ? formatDate(p.validTo) : t('areaPriceSetting.untilFurtherNotice')}`}
                    >
                      <span>
                        {p.wasteName ?? t('areaPriceSetting.anyWaste')}：{formatYen(p.unitPrice)}
                        {p.unit ? ` / ${p.unit}` : ''}
                      </span>
                    </Tooltip>
                  ))}
                </Flex>
              );
            },
          },
          {
            key: 'actions',
            title: t('areaPriceSetting.column.actions'),
            width: 190,
            render: (_, a) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} onClick={() => openModal(a)}>
                  {t('areaPriceSetting.edit')}
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(a)}>
                  {t('areaPriceSetting.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CollectionAreaFormModal
        key={modalState.key}
        open={modalState.open}
        type={type}
        editing={modalState.editing}
        onClose={() => setModalState((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
