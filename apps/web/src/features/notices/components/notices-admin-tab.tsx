import { DeleteOutlined, EditOutlined, PlusOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import type { AdminNotice } from '@junkan/shared/api/notices';
import { NOTICE_STATUSES, type NoticeStatus } from '@junkan/shared/rules/notice-rules';
import { App, Button, type ButtonProps, Select, Space, Tag, Typography } from 'antd';
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
import { useDeleteNotice, useSetNoticeWithdrawn } from '../api/save-notice';
import { NoticeFormModal } from './notice-form-modal';

const STATUS_COLORS: Record<NoticeStatus, string> = {
  SCHEDULED: 'blue',
  PUBLISHED: 'green',
  ENDED: 'default',
  WITHDRAWN: 'red',
};

/** The notices tab: filtered by status, written, withdrawn (after a confirmation), restored and deleted. */
export function NoticesAdminTab() {
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
