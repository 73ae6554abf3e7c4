import { DeleteOutlined, EditOutlined, PlusOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { type AdminNotice, type AdminUpdateInfo, NOTICE_STATUSES, type NoticeStatus } from '@junkan/shared';
import { App, Button, type ButtonProps, Card, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useFormModalTarget } from '../../../components/form-modal';
import { ImportanceTag } from '../../../components/importance-tag';
import {
  emptyLocale,
  ListToolbar,
  LoadFailed,
  listPagination,
  PAGE_SIZE,
} from '../../../components/master-list';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { showApiError } from '../../../lib/form-errors';
import { formatPlainDate } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useAdminNotices } from '../api/admin-notices';
import { useAdminUpdateInfos } from '../api/admin-update-infos';
import { useDeleteNotice, useSetNoticeWithdrawn } from '../api/save-notice';
import { useDeleteUpdateInfo } from '../api/save-update-info';
import { NoticeFormModal } from '../components/notice-form-modal';
import { UpdateInfoFormModal } from '../components/update-info-form-modal';

const STATUS_COLORS: Record<NoticeStatus, string> = {
  SCHEDULED: 'blue',
  PUBLISHED: 'green',
  ENDED: 'default',
  WITHDRAWN: 'red',
};

/** /notice-admin: the administrators write notices (with their audience and days) and update information. */
export default function NoticeAdminPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.noticeAdmin')} data-testid="notice-admin-page">
      <Tabs
        items={[
          { key: 'notices', label: t('notices.tabNotices'), children: <NoticesTab /> },
          { key: 'updates', label: t('notices.tabUpdates'), children: <UpdateInfosTab /> },
        ]}
      />
    </Card>
  );
}

function NoticesTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [query, setQuery] = useState<{ page: number; size: number; status?: NoticeStatus }>({
    page: 1,
    size: PAGE_SIZE,
  });
  const list = useAdminNotices(query);
  const form = useFormModalTarget<AdminNotice>();
  const withdraw = useSetNoticeWithdrawn();
  const remove = useDeleteNotice();
  const confirmDelete = useDeleteWithConfirm((id: number) => remove.mutateAsync(id));

  const confirmWithdraw = (n: AdminNotice) =>
    modal.confirm({
      title: t('notices.admin.withdrawTitle'),
      content: t('notices.admin.withdrawContent', { subject: n.subject }),
      okText: t('notices.admin.withdraw'),
      okButtonProps: { danger: true, 'data-testid': 'notice-withdraw-ok' } as ButtonProps,
      cancelText: t('forms.cancel'),
      autoFocusButton: 'cancel',
      onOk: () =>
        withdraw.mutateAsync({ id: n.id, withdrawn: true }).then(
          () => void message.success(t('notices.admin.withdrawn')),
          (error) => showApiError({ error, t, message }),
        ),
    });
  const restore = (n: AdminNotice) =>
    withdraw.mutate(
      { id: n.id, withdrawn: false },
      {
        onSuccess: () => void message.success(t('notices.admin.restored')),
        onError: (error) => showApiError({ error, t, message }),
      },
    );

  if (list.isError && !list.data)
    return <LoadFailed title={t('notices.loadFailed')} onRetry={() => void list.refetch()} />;

  return (
    <>
      <ListToolbar>
        <Select<NoticeStatus | 'ALL'>
          value={query.status ?? 'ALL'}
          onChange={(v) => setQuery((q) => ({ ...q, status: v === 'ALL' ? undefined : v, page: 1 }))}
          options={[
            { value: 'ALL', label: t('notices.admin.allStatuses') },
            ...NOTICE_STATUSES.map((s) => ({ value: s, label: t(`notices.status.${s}`) })),
          ]}
          style={{ minWidth: 160 }}
          aria-label={t('notices.field.status')}
          data-testid="notice-status-filter"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => form.show(null)}
          data-testid="notice-new"
        >
          {t('notices.admin.new')}
        </Button>
      </ListToolbar>
      <DataTable<AdminNotice>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 1280 }}
        locale={emptyLocale(t('notices.none'))}
        data-testid="notice-admin-table"
        onChange={(p) => setQuery((q) => ({ ...q, page: p.current ?? 1, size: p.pageSize ?? PAGE_SIZE }))}
        pagination={listPagination({
          page: query.page,
          size: query.size,
          total: list.data?.total ?? 0,
          sizes: true,
          totalText: (count) => t('notices.total', { count }),
        })}
        columns={[
          {
            key: 'status',
            title: t('notices.field.status'),
            width: 110,
            render: (_, n) => <Tag color={STATUS_COLORS[n.status]}>{t(`notices.status.${n.status}`)}</Tag>,
          },
          {
            key: 'date',
            title: t('notices.field.date'),
            width: 110,
            render: (_, n) => formatPlainDate(n.date),
          },
          {
            key: 'importance',
            title: t('notices.field.importance'),
            width: 100,
            render: (_, n) => <ImportanceTag importance={n.importance} />,
          },
          {
            key: 'subject',
            title: t('notices.field.subject'),
            width: 280,
            ellipsis: true,
            render: (_, n) => (
              <Typography.Text ellipsis={{ tooltip: n.content }} data-testid="notice-admin-subject">
                {n.subject}
              </Typography.Text>
            ),
          },
          {
            key: 'audience',
            title: t('notices.field.audience'),
            width: 140,
            render: (_, n) => t(`notices.audience.${n.audience}`),
          },
          {
            key: 'window',
            title: t('notices.field.window'),
            width: 210,
            render: (_, n) =>
              `${formatPlainDate(n.publishFrom)} ${currentPunctuation().range} ${n.publishUntil ? formatPlainDate(n.publishUntil) : ''}`,
          },
          {
            key: 'readCount',
            title: t('notices.field.readCount'),
            width: 80,
            align: 'right',
            render: (_, n) => n.readCount,
          },
          {
            key: 'actions',
            title: t('notices.admin.actions'),
            width: 250,
            fixed: 'right',
            render: (_, n) => (
              <Space size={4} wrap>
                <Button size="small" icon={<EditOutlined />} onClick={() => form.show(n)}>
                  {t('notices.admin.edit')}
                </Button>
                {n.status === 'WITHDRAWN' ? (
                  <Button size="small" icon={<UndoOutlined />} onClick={() => restore(n)}>
                    {t('notices.admin.restore')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    icon={<StopOutlined />}
                    onClick={() => confirmWithdraw(n)}
                    data-testid="notice-withdraw"
                  >
                    {t('notices.admin.withdraw')}
                  </Button>
                )}
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('forms.delete')}
                  data-testid="notice-delete"
                  onClick={() =>
                    confirmDelete({
                      id: n.id,
                      title: t('notices.admin.deleteTitle'),
                      content: t('notices.admin.deleteContent', { subject: n.subject }),
                      okTestId: 'notice-delete-ok',
                    })
                  }
                />
              </Space>
            ),
          },
        ]}
      />
      <NoticeFormModal key={form.key} open={form.open} editing={form.editing} onClose={form.close} />
    </>
  );
}

function UpdateInfosTab() {
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
