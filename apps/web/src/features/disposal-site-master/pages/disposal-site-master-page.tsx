import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DISPOSAL_SITE_MAX_LENGTH,
  type DisposalSite,
  type DisposalSiteListQuery,
  type DisposalSiteSortKey,
} from '@junkan/shared/api/disposal-sites';
import { Button, Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { japanToday } from '../../../components/form/date-field';
import { useFormModalTarget } from '../../../components/form-modal';
import {
  columnSortOrder,
  emptyLocale,
  ListToolbar,
  LoadFailed,
  listPagination,
  PAGE_SIZE,
  SearchBox,
  tableChange,
} from '../../../components/master-list';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { formatDate } from '../../../lib/format';
import { useDisposalSites } from '../../../lib/reference-data/disposal-sites';
import { useDeleteDisposalSite } from '../api/delete-disposal-site';
import { DisposalSiteFormModal } from '../components/disposal-site-form-modal';

const address = (s: DisposalSite) => [s.address1, s.city, s.address2, s.address3].filter(Boolean).join(' ');

/** Disposal site master: server-side paged list with search and sort, register/edit modal, delete. */
export default function DisposalSiteMasterPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<DisposalSiteListQuery>({
    query: '',
    page: 1,
    size: PAGE_SIZE,
    sort: 'code',
    order: 'asc',
  });
  const list = useDisposalSites(query);
  const remove = useDeleteDisposalSite();
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync, (usedBy) =>
    t(`disposalSiteMaster.usedBy.${usedBy ?? 'otherData'}`),
  );
  const modal = useFormModalTarget<DisposalSite>();

  const sortOrder = (key: DisposalSiteSortKey) => columnSortOrder(query, key);

  const confirmDelete = (site: DisposalSite) =>
    deleteWithConfirm({ id: site.id, title: t('disposalSiteMaster.deleteTitle'), name: site.name });

  if (list.isError && !list.data) {
    return <LoadFailed title={t('disposalSiteMaster.loadFailed')} onRetry={() => void list.refetch()} />;
  }

  const today = japanToday();

  return (
    <Card title={t('menu.disposalSiteMaster')} data-testid="disposal-site-master">
      <ListToolbar>
        <SearchBox
          label={t('disposalSiteMaster.searchPlaceholder')}
          maxLength={DISPOSAL_SITE_MAX_LENGTH.query}
          onSearch={(words) => setQuery((q) => ({ ...q, query: words, page: 1 }))}
          testId="disposal-site-search"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => modal.show(null)}
          data-testid="disposal-site-new"
        >
          {t('disposalSiteMaster.new')}
        </Button>
      </ListToolbar>
      <DataTable<DisposalSite>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 1100 }}
        onChange={(pagination, _filters, sorter) =>
          setQuery((q) => ({ ...q, ...tableChange(pagination, sorter, q, 'code') }))
        }
        pagination={listPagination({
          page: query.page,
          size: query.size,
          total: list.data?.total ?? 0,
          sizes: true,
          totalText: (count) => t('disposalSiteMaster.total', { count }),
        })}
        locale={emptyLocale(t(query.query ? 'disposalSiteMaster.noMatch' : 'disposalSiteMaster.empty'))}
        columns={[
          {
            key: 'code',
            title: t('disposalSiteMaster.field.code'),
            dataIndex: 'code',
            width: 100,
            sorter: true,
            sortOrder: sortOrder('code'),
            fixed: 'left',
          },
          {
            key: 'name',
            title: t('disposalSiteMaster.field.name'),
            dataIndex: 'name',
            sorter: true,
            sortOrder: sortOrder('name'),
            ellipsis: true,
          },
          {
            key: 'city',
            title: t('disposalSiteMaster.column.address'),
            sorter: true,
            sortOrder: sortOrder('city'),
            ellipsis: true,
            render: (_, s) => address(s),
          },
          {
            key: 'method',
            title: t('disposalSiteMaster.field.method'),
            dataIndex: 'method',
            width: 140,
            render: (v: string | null) => v ?? '—',
          },
          {
            key: 'capacity',
            title: t('disposalSiteMaster.field.capacity'),
            dataIndex: 'capacity',
            width: 120,
          },
          {
            key: 'licenseNumber',
            title: t('disposalSiteMaster.field.licenseNumber'),
            dataIndex: 'licenseNumber',
            width: 150,
          },
          {
            key: 'expireDate',
            title: t('disposalSiteMaster.field.expireDate'),
            width: 140,
            sorter: true,
            sortOrder: sortOrder('expireDate'),
            render: (_, s) =>
              s.expireDate ? (
                <Space size={4}>
                  {formatDate(`${s.expireDate}T00:00:00+09:00`)}
                  {s.expireDate < today && <Tag color="red">{t('disposalSiteMaster.expired')}</Tag>}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            key: 'actions',
            title: t('disposalSiteMaster.actions'),
            width: 190,
            fixed: 'right',
            render: (_, site) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} onClick={() => modal.show(site)}>
                  {t('disposalSiteMaster.edit')}
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(site)}>
                  {t('disposalSiteMaster.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <DisposalSiteFormModal open={modal.open} editing={modal.editing} onClose={modal.close} />
    </Card>
  );
}
