import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminUpdateInfo } from '@junkan/shared/api/notices';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useFormModalTarget } from '../../../components/form-modal';
import {
  emptyLocale,
  ListToolbar,
  LoadFailed,
  listPagination,
  PAGE_SIZE,
} from '../../../components/master-list';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { formatPlainDate } from '../../../lib/format';
import { useAdminUpdateInfos } from '../api/admin-update-infos';
import { useDeleteUpdateInfo } from '../api/save-update-info';
import { UpdateInfoFormModal } from './update-info-form-modal';

/** The update information tab: shown or scheduled, written and deleted. */
export function UpdateInfosAdminTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, size: PAGE_SIZE });
  const list = useAdminUpdateInfos(page);
  const form = useFormModalTarget<AdminUpdateInfo>();
  const remove = useDeleteUpdateInfo();
  const confirmDelete = useDeleteWithConfirm((id: number) => remove.mutateAsync(id));
  if (list.isError && !list.data)
    return <LoadFailed title={t('notices.loadFailed')} onRetry={() => void list.refetch()} />;
  return (
    <>
      <ListToolbar justify="flex-end">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => form.show(null)}
          data-testid="update-info-new"
        >
          {t('notices.admin.newUpdate')}
        </Button>
      </ListToolbar>
      <DataTable<AdminUpdateInfo>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={emptyLocale(t('notices.noUpdates'))}
        data-testid="update-info-admin-table"
        onChange={(p) => setPage({ page: p.current ?? 1, size: p.pageSize ?? PAGE_SIZE })}
        pagination={listPagination({
          page: page.page,
          size: page.size,
          total: list.data?.total ?? 0,
          sizes: true,
          totalText: (count) => t('notices.total', { count }),
        })}
        columns={[
          {
            key: 'shown',
            title: t('notices.field.status'),
            width: 110,
            render: (_, u) => (
              <Tag color={u.isShown ? 'green' : 'blue'}>
                {t(u.isShown ? 'notices.status.PUBLISHED' : 'notices.status.SCHEDULED')}
              </Tag>
            ),
          },
          {
            key: 'date',
            title: t('notices.field.date'),
            width: 110,
            render: (_, u) => formatPlainDate(u.date),
          },
          {
            key: 'content',
            title: t('notices.field.content'),
            ellipsis: true,
            render: (_, u) => (
              <Typography.Text ellipsis={{ tooltip: u.content }}>{u.content}</Typography.Text>
            ),
          },
          {
            key: 'actions',
            title: t('notices.admin.actions'),
            width: 150,
            render: (_, u) => (
              <Space size={4}>
                <Button size="small" icon={<EditOutlined />} onClick={() => form.show(u)}>
                  {t('notices.admin.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('forms.delete')}
                  onClick={() =>
                    confirmDelete({
                      id: u.id,
                      title: t('notices.admin.deleteUpdateTitle'),
                      content: t('notices.admin.deleteUpdateContent', { date: formatPlainDate(u.date) }),
                    })
                  }
                />
              </Space>
            ),
          },
        ]}
      />
      <UpdateInfoFormModal key={form.key} open={form.open} editing={form.editing} onClose={form.close} />
    </>
  );
}
