import { PaperClipOutlined } from '@ant-design/icons';
import type { InquiryDetail, InquiryHistoryEntry } from '@junkan/shared/api/inquiries';
import type { InquirySide } from '@junkan/shared/inquiry-rules';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { downloadInquiryFile } from '../api/download-inquiry-file';
import { entrySide, historyEventKey, megabytes } from '../inquiry-labels';

/**
 * One entry of an inquiry's history: an event (opened, closed, importance set) as a line of its own, a message
 * as a card on its writer's side with who wrote it and its files to download.
 */
export function InquiryHistoryItem({
  side,
  inquiry,
  entry,
}: {
  side: InquirySide;
  inquiry: InquiryDetail;
  entry: InquiryHistoryEntry;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const writer = entrySide(entry);
  const isSupport = writer === 'ADMIN';
  const who = isSupport ? t('inquiries.side.support') : inquiry.companyName;
  const acting = !isSupport && entry.userRoles.some((r) => r.role === 'ADMIN');
  const event = historyEventKey(entry);
  if (event)
    return (
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12, textAlign: 'center' }}
        data-testid="inquiry-event"
      >
        {t(event, {
          who: t('common.withNote', { main: who, note: entry.userName }),
          importance: entry.importance ? t(`inquiryImportance.${entry.importance}`) : '',
          at: formatDateTime(entry.createdDate),
        })}
      </Typography.Text>
    );
  return (
    <Card
      size="small"
      data-testid="inquiry-message"
      data-side={writer}
      style={{
        marginLeft: isSupport ? 48 : 0,
        marginRight: isSupport ? 0 : 48,
        background: isSupport ? 'rgba(22, 119, 255, 0.04)' : undefined,
      }}
      title={
        <Space size={6} wrap>
          <Tag color={isSupport ? 'blue' : 'green'}>{who}</Tag>
          <Typography.Text>{entry.userName}</Typography.Text>
          {acting && <Tag>{t('inquiries.side.acting')}</Tag>}
        </Space>
      }
      extra={<Typography.Text type="secondary">{formatDateTime(entry.createdDate)}</Typography.Text>}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: entry.files.length ? 8 : 0 }}>
        {entry.content}
      </Typography.Paragraph>
      {entry.files.map((f) => (
        <Button
          key={f.id}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          onClick={() =>
            void downloadInquiryFile(side, inquiry.id, f).catch((error) =>
              showApiError({ error, t, message }),
            )
          }
          data-testid="inquiry-file-link"
        >
          {t('common.withNote', { main: f.fileName, note: `${megabytes(f.size)} MB` })}
        </Button>
      ))}
    </Card>
  );
}
