import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DISPOSAL_SITE_MAX_LENGTH,
  type DisposalSite,
  type DisposalSiteListQuery,
  type DisposalSiteSortKey,
} from '@junkan/shared';
import { App, Button, Card, Empty, Flex, Input, Result, Space, Table, Tag } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { showApiError, toastError } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useDeleteDisposalSite } from '../api/delete-disposal-site';
import { useDisposalSites } from '../api/disposal-sites';
import { DisposalSiteFormModal } from '../components/disposal-site-form-modal';

const PAGE_SIZE = 20;

const address = (s: DisposalSite) => [s.address1, s.city, s.address2, s.address3].filter(Boolean).join(' ');

/** Disposal site master: server-side paged list with search and sort, register/edit modal, delete. */
export default function DisposalSiteMasterPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [query, setQuery] = useState<DisposalSiteListQuery>({
    query: '',
    page: 1,
    size: PAGE_SIZE,
    sort: 'code',
    order: 'asc',
  });
  const list = useDisposalSites(query);
  const remove = useDeleteDisposalSite();
  const [modalState, setModalState] = useState<{ open: boolean; editing: DisposalSite | null }>({
    open: false,
    editing: null,
  });

  const sortOrder = (key: DisposalSiteSortKey) =>
    query.sort === key ? (query.order === 'asc' ? 'ascend' : 'descend') : null;

  const confirmDelete = (site: DisposalSite) =>
    modal.confirm({
      title: t('disposalSiteMaster.deleteTitle'),
      content: messageText(t, 'confirm_delete', { name: site.name }),
      okText: t('disposalSiteMaster.delete'),
      okButtonProps: { danger: true },
      cancelText: t('disposalSiteMaster.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(site.id);
          void message.success(t('master_deleted'));
        } catch (error) {
          if (isApiError(error) && error.code === 'in_use_cannot_delete') {
            const usedBy = String(error.params?.usedBy ?? 'otherData');
            toastError(message, t, error.code, { usedBy: t(`disposalSiteMaster.usedBy.${usedBy}`) });
          } else showApiError({ error, t, message });
        }
      },
    });

  if (list.isError && !list.data) {
    return (
      <Result
        status="warning"
        title={t('disposalSiteMaster.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const today = formatDate(new Date(), 'YYYY-MM-DD');

  return (
    <Card title={t('menu.disposalSiteMaster')} data-testid="disposal-site-master">
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('disposalSiteMaster.searchPlaceholder')}
          aria-label={t('disposalSiteMaster.searchPlaceholder')}
          maxLength={DISPOSAL_SITE_MAX_LENGTH.query}
          enterButton={t('disposalSiteMaster.search')}
          onSearch={(value) => setQuery((q) => ({ ...q, query: value.trim(), page: 1 }))}
          style={{ maxWidth: 420 }}
          data-testid="disposal-site-search"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setModalState({ open: true, editing: null })}
          data-testid="disposal-site-new"
        >
          {t('disposalSiteMaster.new')}
        </Button>
      </Flex>
      <Table<DisposalSite>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 1100 }}
        onChange={(pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<DisposalSite> | undefined;
          const sort = (s?.order ? s.columnKey : 'code') as DisposalSiteSortKey;
          const order = s?.order === 'descend' ? 'desc' : 'asc';
          setQuery((q) => ({
            ...q,
            sort,
            order,
            size: pagination.pageSize ?? PAGE_SIZE,
            page: sort !== q.sort || order !== q.order ? 1 : (pagination.current ?? 1),
          }));
        }}
        pagination={{
          current: query.page,
          pageSize: query.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => t('disposalSiteMaster.total', { count: total }),
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(query.query ? 'disposalSiteMaster.noMatch' : 'disposalSiteMaster.empty')}
            />
          ),
        }}
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
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setModalState({ open: true, editing: site })}
                >
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
      <DisposalSiteFormModal
        open={modalState.open}
        editing={modalState.editing}
        onClose={() => setModalState((s) => ({ ...s, open: false }))}
      />
    </Card>
  );
}
