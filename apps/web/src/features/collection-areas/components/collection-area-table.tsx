import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CollectionArea, CollectionAreaType } from '@junkan/shared/api/collection-areas';
import { periodStatusOn } from '@junkan/shared/rules/price-period';
import { Button, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { japanToday } from '../../../components/form/date-field';
import { useFormModalTarget } from '../../../components/form-modal';
import {
  emptyLocale,
  FilterInput,
  ListToolbar,
  LoadFailed,
  listPagination,
  useFilterPage,
} from '../../../components/master-list';
import { periodText } from '../../../components/price-master/period-text';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { formatYen } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { useCollectionAreas } from '../api/collection-areas';
import { useDeleteCollectionArea } from '../api/delete-collection-area';
import { CollectionAreaFormModal } from './collection-area-form-modal';

const SHOWN_CODES = 4;

/** One type's areas: search, list with postal codes and the prices in effect today, register/edit/delete. */
export function CollectionAreaTable({ type }: { type: CollectionAreaType }) {
  const { t } = useTranslation();
  const list = useCollectionAreas(type);
  const remove = useDeleteCollectionArea();
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync);
  const { filter: search, setFilter: setSearch, page, setPage } = useFilterPage('');
  // Each opening mounts a fresh form (key), so it starts from the row's values.
  const modal = useFormModalTarget<CollectionArea>();
  const today = japanToday();

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
    deleteWithConfirm({ id: area.id, title: t('areaPriceSetting.deleteTitle'), name: area.areaName });

  if (list.isError) {
    return <LoadFailed title={t('areaPriceSetting.loadFailed')} onRetry={() => void list.refetch()} />;
  }

  return (
    <>
      <ListToolbar>
        <FilterInput
          label={t('areaPriceSetting.searchPlaceholder')}
          maxLength={32}
          value={search}
          onChange={setSearch}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => modal.show(null)}
          data-testid={`new-area-${type}`}
        >
          {t('areaPriceSetting.new')}
        </Button>
      </ListToolbar>
      <DataTable<CollectionArea>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={listPagination({
          page,
          onChange: setPage,
          totalText: (count) => t('areaPriceSetting.total', { count }),
        })}
        locale={emptyLocale(t(search ? 'areaPriceSetting.noMatch' : 'areaPriceSetting.empty'))}
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
                    {currentPunctuation().postal}
                    {c}
                  </Tag>
                ))}
                {a.posCodes.length > SHOWN_CODES && (
                  <Tooltip title={a.posCodes.slice(SHOWN_CODES).join(currentPunctuation().list)}>
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
              const current = a.prices.filter((p) => periodStatusOn(p, today) === 'CURRENT');
              if (current.length === 0)
                return (
                  <Typography.Text type="secondary">{t('areaPriceSetting.noCurrentPrice')}</Typography.Text>
                );
              return (
                <Flex vertical>
                  {current.map((p) => (
                    <Tooltip key={p.id} title={periodText(p, t('areaPriceSetting.untilFurtherNotice'))}>
                      <span>
                        {p.wasteName ?? t('areaPriceSetting.anyWaste')}
                        {currentPunctuation().colon}
                        {formatYen(p.unitPrice)}
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
                <Button size="small" icon={<EditOutlined />} onClick={() => modal.show(a)}>
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
        key={modal.key}
        open={modal.open}
        type={type}
        editing={modal.editing}
        onClose={modal.close}
      />
    </>
  );
}
