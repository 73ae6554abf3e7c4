import type { CollectionDetail } from '@junkan/shared/api/collections';
import { Empty, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPlainDate, punctuationOf } from '../../../lib/format';
import { STATUS_LOOK } from '../collection-labels';
import { CollectionStatusTag } from './collection-status-tag';

type HistoryItem = CollectionDetail['history'][number];

/** Who did what and when (Japan time): the status and date it moved from and to, and the reason given. */
export function HistoryTimeline({ history }: { history: HistoryItem[] }) {
  const { t, i18n } = useTranslation();
  const p = punctuationOf(i18n.language);
  if (history.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('collections.detail.noHistory')} />;
  // A person's name is the user's own content; the role beside it is ours.
  const who = (h: HistoryItem) => (
    <>
      {h.userName ? <span data-user-content>{h.userName}</span> : t('collections.detail.system')}
      {`${p.open}${t(`collections.role.${h.role}`)}${
        h.actedByAdmin ? `${p.dot}${t('collections.detail.actedByAdmin')}` : ''
      }${p.close}`}
    </>
  );
  const dateText = (h: HistoryItem) =>
    h.fromDate && h.fromDate !== h.toDate
      ? t('collections.detail.dateMove', { from: formatPlainDate(h.fromDate), to: formatPlainDate(h.toDate) })
      : t('collections.detail.dateSet', { to: formatPlainDate(h.toDate) });
  return (
    <Timeline
      data-testid="collection-history"
      items={history.map((h, i) => ({
        key: `${h.createdAt}-${i}`,
        color: STATUS_LOOK[h.toStatus].color === 'default' ? 'gray' : STATUS_LOOK[h.toStatus].color,
        content: (
          <Flex vertical gap={2}>
            <Typography.Text>
              <Typography.Text type="secondary">{formatDateTime(h.createdAt)}</Typography.Text> {who(h)}
            </Typography.Text>
            <Flex gap={4} align="center" wrap>
              {h.fromStatus && (
                <>
                  <CollectionStatusTag status={h.fromStatus} />→
                </>
              )}
              <CollectionStatusTag status={h.toStatus} />
              <Typography.Text type="secondary">{dateText(h)}</Typography.Text>
            </Flex>
            {h.reason && (
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }} data-user-content>
                {t('collections.detail.reasonLabel', { reason: h.reason })}
              </Typography.Text>
            )}
          </Flex>
        ),
      }))}
    />
  );
}
