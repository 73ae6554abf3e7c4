import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { noticesQueryOptions, updateInfosQueryOptions } from '../api/notices';
import { ImportanceTag } from './tags';

export function NoticesPanel() {
  const { t } = useTranslation();
  const notices = useQuery(noticesQueryOptions());
  return (
    <Card title={t('home.notices')} size="small" data-testid="home-notices" style={{ height: '100%' }}>
      {!notices.isLoading && (notices.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ScrollList loading={notices.isLoading}>
          {(notices.data ?? []).map((n) => (
            <ListRow key={n.id}>
              <Flex vertical style={{ width: '100%', minWidth: 0 }}>
                <Flex gap={8} align="center">
                  <Typography.Text type="secondary">{formatDate(n.date)}</Typography.Text>
                  {n.importance !== 'BLANK' && (
                    <ImportanceTag importance={n.importance} label={t(`inquiryImportance.${n.importance}`)} />
                  )}
                  <Typography.Text strong ellipsis>
                    {n.subject}
                  </Typography.Text>
                </Flex>
                <Typography.Paragraph ellipsis={{ rows: 1, tooltip: n.content }} style={{ margin: 0 }}>
                  {n.content}
                </Typography.Paragraph>
              </Flex>
            </ListRow>
          ))}
        </ScrollList>
      )}
    </Card>
  );
}

export function UpdateInfosPanel() {
  const { t } = useTranslation();
  const infos = useQuery(updateInfosQueryOptions());
  return (
    <Card
      title={t('home.updateInfos')}
      size="small"
      data-testid="home-update-infos"
      style={{ height: '100%' }}
    >
      {!infos.isLoading && (infos.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ScrollList loading={infos.isLoading}>
          {(infos.data ?? []).map((info) => (
            <ListRow key={info.id}>
              <Flex gap={12} style={{ width: '100%', minWidth: 0 }}>
                <Typography.Text type="secondary" style={{ flex: 'none' }}>
                  {formatDate(info.date)}
                </Typography.Text>
                <Typography.Paragraph
                  ellipsis={{ rows: 1, tooltip: info.content }}
                  style={{ margin: 0, minWidth: 0 }}
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
