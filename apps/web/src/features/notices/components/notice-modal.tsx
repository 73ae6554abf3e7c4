import type { Notice } from '@junkan/shared/api/notices';
import { Flex, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportanceTag } from '../../../components/importance-tag';
import { formatDate } from '../../../lib/format';
import { useMarkNoticeRead } from '../api/mark-notices-read';

/**
 * The whole notice, opened from home or the notice list; opening an unread notice marks it read for this user
 * (the server leaves it unread when an administrator acting for the user opens it).
 */
export function useNoticeReader() {
  const [shown, setShown] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const markRead = useMarkNoticeRead();
  const { mutate } = markRead;
  useEffect(() => {
    if (open && shown && !shown.isRead) mutate(shown.id);
  }, [open, shown, mutate]);
  return {
    show: (notice: Notice) => {
      setShown(notice);
      setOpen(true);
    },
    modal: <NoticeModal notice={shown} open={open} onClose={() => setOpen(false)} />,
  };
}

function NoticeModal({
  notice,
  open,
  onClose,
}: {
  notice: Notice | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={notice?.subject}
      width={640}
      data-testid="notice-modal"
    >
      {notice && (
        <Flex vertical gap={12}>
          <Flex gap={8} align="center">
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(notice.date)}
            </Typography.Text>
            {notice.importance !== 'BLANK' && <ImportanceTag importance={notice.importance} />}
          </Flex>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="notice-content">
            {notice.content}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('notices.readNote')}
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
