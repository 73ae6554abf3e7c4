import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, List, Pagination, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed, PAGE_SIZE } from '../../../components/master-list';
import { showApiError } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useMarkAllNoticesRead } from '../api/mark-notices-read';
import { useNotices } from '../api/notice-list';
import { useUpdateInfos } from '../api/update-infos';
import { useNoticeReader } from '../components/notice-modal';
import { NoticeRow } from '../components/notices-panel';

type Tab = 'notices' | 'updates';

/** The tab and page are kept in the address, so a reload or a shared link opens the same list. */
function useNoticePageAddress() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'updates' ? 'updates' : 'notices';
  const page = Math.max(1, Math.min(1_000_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const go = (next: { tab?: Tab; page?: number }) => {
    const p = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t === 'updates') p.set('tab', t);
    const n = next.tab && next.tab !== tab ? 1 : (next.page ?? page);
    if (n > 1) p.set('page', String(n));
    setParams(p, { replace: true });
  };
  return { tab, page, go };
}

/**
 * /notice: every notice published for the caller's side, newest first, the unread ones marked (per user);
 * opening one shows the whole text and marks it read. The second tab lists the update information.
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const { tab, page, go } = useNoticePageAddress();
  return (
    <Card title={t('menu.notice')} data-testid="notice-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => go({ tab: key as Tab })}
        items={[
          {
            key: 'notices',
            label: t('notices.tabNotices'),
            children: <NoticeList page={page} onPage={(p) => go({ page: p })} />,
          },
          { key: 'updates', label: t('notices.tabUpdates'), children: <UpdateInfoList /> },
        ]}
      />
    </Card>
  );
}

function NoticeList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const message = useToast();
  const list = useNotices({ page, size: PAGE_SIZE });
  const readAll = useMarkAllNoticesRead();
  const reader = useNoticeReader();
  if (list.isError && !list.data)
    return <LoadFailed title={t('notices.loadFailed')} onRetry={() => void list.refetch()} />;
  const data = list.data;
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary" data-testid="notice-unread-count">
          {t('notices.unreadCount', { count: data?.unreadCount ?? 0 })}
        </Typography.Text>
        <Button
          icon={<CheckOutlined />}
          disabled={!data?.unreadCount}
          loading={readAll.isPending}
          onClick={() =>
            readAll.mutate(undefined, { onError: (error) => showApiError({ error, t, message }) })
          }
          data-testid="notice-read-all"
        >
          {t('notices.readAll')}
        </Button>
      </Flex>
      {data && data.total === 0 ? (
        <Empty description={t('notices.none')} />
      ) : (
        <div data-testid="notice-list">
          {(data?.items ?? []).map((n) => (
            <NoticeRow key={n.id} notice={n} onOpen={() => reader.show(n)} />
          ))}
        </div>
      )}
      {(data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={PAGE_SIZE}
          total={data?.total ?? 0}
          showSizeChanger={false}
          showTotal={(count) => t('notices.total', { count })}
          onChange={onPage}
        />
      )}
      {reader.modal}
    </>
  );
}

function UpdateInfoList() {
  const { t } = useTranslation();
  const infos = useUpdateInfos();
  if (infos.isError && !infos.data)
    return <LoadFailed title={t('notices.loadFailed')} onRetry={() => void infos.refetch()} />;
  return (
    <List
      loading={infos.isLoading}
      dataSource={infos.data ?? []}
      locale={{ emptyText: <Empty description={t('notices.noUpdates')} /> }}
      data-testid="update-info-list"
      renderItem={(info) => (
        <List.Item>
          <Flex gap={16} style={{ width: '100%' }}>
            <Typography.Text type="secondary" style={{ flex: 'none', whiteSpace: 'nowrap' }}>
              {formatDate(info.date)}
            </Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {info.content}
            </Typography.Paragraph>
          </Flex>
        </List.Item>
      )}
    />
  );
}
