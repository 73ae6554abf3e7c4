import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DisposalUnitPrice } from '@junkan/shared';
import { paths } from '@junkan/shared/paths';
import { Alert, Button, Checkbox, Flex, Space, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
import { PriceStatusTag } from '../../handling-waste-prices/components/price-status-tag';
import { useDisposalPermitKinds } from '../api/disposal-permit-kinds';
import {
  type DisposalUnitPriceListParams,
  useDeleteDisposalUnitPrice,
  useDisposalUnitPrices,
} from '../api/disposal-unit-prices';
import { DisposalUnitPriceFormModal } from './disposal-unit-price-form-modal';

type SortKey = DisposalUnitPriceListParams['sort'];

/** The company's disposal unit prices (処分単価) per waste and unit: list, register, edit, delete. */
export function DisposalUnitPriceTable() {
  const { t } = useTranslation();
  const { filter, setFilter, page, setPage } = useFilterPage({ keyword: '', currentOnly: false });
  const { keyword, currentOnly } = filter;
  const deferredKeyword = useDeferredValue(keyword.trim());
  const [sort, setSort] = useState<{ sort: SortKey; order: SortOrder }>({
    sort: 'wasteName',
    order: 'asc',
  });
  const modal = useFormModalTarget<DisposalUnitPrice>();
  const list = useDisposalUnitPrices({
    page,
    size: PAGE_SIZE,
    keyword: deferredKeyword || undefined,
    currentOnly,
    ...sort,
  });
  const permitKinds = useDisposalPermitKinds();
  const coveredKinds = permitKinds.data?.wasteKinds;
  // A price needs a live disposal permit covering its kind: without one, nothing can be registered.
  const noPermit = coveredKinds !== undefined && coveredKinds.length === 0;
  const remove = useDeleteDisposalUnitPrice();
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync);
  const today = japanToday();

  const period = (r: DisposalUnitPrice) =>
    `${formatDate(r.validFrom)} ${currentPunctuation().range} ${r.validTo ? formatDate(r.validTo) : t('disposalUnitPrice.untilFurtherNotice')}`;

  const confirmDelete = (row: DisposalUnitPrice) =>
    deleteWithConfirm({
      id: row.id,
      title: t('disposalUnitPrice.deleteTitle'),
      name: `${row.wasteName} ${formatYen(row.unitPrice)}/${row.unit} ${period(row)}`,
    });

  if (list.isError && !list.data) {
    return <LoadFailed title={t('disposalUnitPrice.loadFailed')} onRetry={() => void list.refetch()} />;
  }

  const sortOrderOf = (key: SortKey) => columnSortOrder(sort, key);

  return (
    <div data-testid="disposal-unit-prices">
      <Typography.Paragraph type="secondary">{t('disposalUnitPrice.intro')}</Typography.Paragraph>
      {noPermit ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="disposal-permit-missing"
          message={t('disposalUnitPrice.noPermit')}
          description={
            <>
              {t('disposalUnitPrice.noPermitHint')}{' '}
              <Link to={paths.licenseManagement.to()}>{t('disposalUnitPrice.toLicenseManagement')}</Link>
            </>
          }
        />
      ) : (
        coveredKinds && (
          <Typography.Paragraph type="secondary" data-testid="disposal-permit-kinds">
            {t('disposalUnitPrice.coveredKinds', {
              kinds: coveredKinds.map((k) => k.name).join(currentPunctuation().list),
            })}
          </Typography.Paragraph>
        )
      )}
      <ListToolbar>
        <Space wrap>
          <FilterInput
            label={t('disposalUnitPrice.searchPlaceholder')}
            maxLength={64}
            value={keyword}
            onChange={(value) => setFilter({ ...filter, keyword: value })}
            style={{ width: 260, maxWidth: '100%' }}
          />
          <Checkbox
            checked={currentOnly}
            onChange={(e) => setFilter({ ...filter, currentOnly: e.target.checked })}
          >
            {t('disposalUnitPrice.currentOnly')}
          </Checkbox>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} disabled={noPermit} onClick={() => modal.show(null)}>
          {t('disposalUnitPrice.new')}
        </Button>
      </ListToolbar>
      <DataTable<DisposalUnitPrice>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
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
          totalText: (count) => t('disposalUnitPrice.total', { count }),
        })}
        locale={emptyLocale(
          t(keyword || currentOnly ? 'disposalUnitPrice.noMatch' : 'disposalUnitPrice.empty'),
        )}
        columns={[
          {
            key: 'wasteName',
            title: t('disposalUnitPrice.column.waste'),
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
          {
            key: 'unitPrice',
            title: t('disposalUnitPrice.column.unitPrice'),
            align: 'right',
            sorter: true,
            sortOrder: sortOrderOf('unitPrice'),
            render: (_, r) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {formatYen(r.unitPrice)}/{r.unit}
              </span>
            ),
          },
          {
            key: 'validFrom',
            title: t('disposalUnitPrice.column.period'),
            sorter: true,
            sortOrder: sortOrderOf('validFrom'),
            render: (_, r) => period(r),
          },
          {
            key: 'status',
            title: t('disposalUnitPrice.column.status'),
            render: (_, r) => <PriceStatusTag validFrom={r.validFrom} validTo={r.validTo} today={today} />,
          },
          {
            key: 'actions',
            title: t('disposalUnitPrice.column.actions'),
            render: (_, r) => (
              <Space wrap>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => modal.show(r)}
                  aria-label={`${t('disposalUnitPrice.edit')} ${r.wasteName}`}
                >
                  {t('disposalUnitPrice.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete(r)}
                  aria-label={`${t('disposalUnitPrice.delete')} ${r.wasteName}`}
                >
                  {t('disposalUnitPrice.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <DisposalUnitPriceFormModal
        key={modal.key}
        open={modal.open}
        editing={modal.editing}
        coveredKindIds={coveredKinds?.map((k) => k.id)}
        onClose={modal.close}
      />
    </div>
  );
}
