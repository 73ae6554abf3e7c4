import type { Notice } from '@junkan/shared/api/notices';
import { paths } from '@junkan/shared/paths';
import { Badge, Card, Empty, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImportanceTag } from '../../../components/importance-tag';
import { formatDate } from '../../../lib/format';
import { useNotices } from '../api/notice-list';
import { useUpdateInfos } from '../api/update-infos';
import { useNoticeReader } from './notice-modal';
import { UnreadDot } from './unread-dot';

/** Home shows this many notices; the rest are on /notice. */
const HOME_NOTICES = 20;

/**
 * Home's news (section 2): the notices for the caller's side, one line each cut at the panel's width
 * (section 9: ellipsis), unread ones marked; a click opens the whole notice and marks it read.
 */
export function NoticesPanel() {
  const { t } = useTranslation();
  const notices = useNotices({ page: 1, size: HOME_NOTICES });
  const reader = useNoticeReader();
  const items = notices.data?.items ?? [];
  const unread = notices.data?.unreadCount ?? 0;
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          {t('home.notices')}
          {unread > 0 && (
            <Badge
              count={unread}
              title={t('notices.unreadCount', { count: unread })}
              data-testid="home-notices-unread"
            />
          )}
        </Flex>
      }
      extra={<Link to={paths.notice.to()}>{t('notices.viewAll')}</Link>}
      size="small"
      data-testid="home-notices"
      style={{ height: '100%' }}
    >
      {!notices.isLoading && items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.none')} />
      ) : (
        <ScrollList loading={notices.isLoading}>
          {items.map((n) => (
            <NoticeRow key={n.id} notice={n} onOpen={() => reader.show(n)} />
          ))}
        </ScrollList>
      )}
      {reader.modal}
    </Card>
  );
}

/** One notice as a line: unread mark, date, importance, subject, then its text cut to one line. */
export function NoticeRow({ notice: n, onOpen }: { notice: Notice; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <ListRow>
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('notices.open', { subject: n.subject })}
        data-testid="notice-row"
        data-notice-id={n.id}
        style={{
          all: 'unset',
          cursor: 'pointer',
          display: 'flex',
          gap: 8,
          width: '100%',
          minWidth: 0,
          alignItems: 'flex-start',
        }}
      >
        <span style={{ paddingTop: 2 }}>
          <UnreadDot isRead={n.isRead} />
        </span>
        <Flex vertical style={{ width: '100%', minWidth: 0 }}>
          <Flex gap={8} align="center" style={{ minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ flex: 'none', whiteSpace: 'nowrap' }}>
              {formatDate(n.date)}
            </Typography.Text>
            {n.importance !== 'BLANK' && <ImportanceTag importance={n.importance} />}
            <Typography.Text strong={!n.isRead} ellipsis style={{ minWidth: 0 }}>
              {n.subject}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" ellipsis style={{ lineHeight: '16px', fontSize: 12 }}>
            {n.content}
          </Typography.Text>
        </Flex>
      </button>
    </ListRow>
  );
}

/**
 * Home's update information (section 2: date and content), each cut to one line with a way to read the whole
 * text in place.
 */
export function UpdateInfosPanel() {
  const { t } = useTranslation();
  const infos = useUpdateInfos();
  const items = infos.data ?? [];
  return (
    <Card
      title={t('home.updateInfos')}
      extra={<Link to={`${paths.notice.to()}?tab=updates`}>{t('notices.viewAll')}</Link>}
      size="small"
      data-testid="home-update-infos"
      style={{ height: '100%' }}
    >
      {!infos.isLoading && items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.noUpdates')} />
      ) : (
        <ScrollList loading={infos.isLoading}>
          {items.map((info) => (
            <ListRow key={info.id}>
              <Flex vertical style={{ width: '100%', minWidth: 0 }} data-testid="update-info-row">
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(info.date)}
                </Typography.Text>
                <Typography.Paragraph
                  ellipsis={{
                    rows: 1,
                    expandable: 'collapsible',
                    symbol: (open) => t(open ? 'notices.less' : 'notices.more'),
                  }}
                  style={{ margin: 0, minWidth: 0, whiteSpace: 'pre-wrap' }}
                >
                  {info.content}
                </Typography.Paragraph>
              </Flex>
            </ListRow>
          ))}
        </ScrollList>
      )}
    </Card>
  );
}

function ScrollList({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Spin spinning={loading}>
      <div style={{ maxHeight: 200, overflowY: 'auto' }}>{children}</div>
    </Spin>
  );
}

function ListRow({ children }: { children: ReactNode }) {
  return <div style={{ padding: '8px 4px', borderBottom: '1px solid #f5f5f5' }}>{children}</div>;
}
