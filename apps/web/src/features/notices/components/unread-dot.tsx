import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The unread mark of a notice: a still dot (a pulsing one would move for as long as the page is open, and keep
 * the browser drawing) with its word for screen readers; nothing once read.
 */
export function UnreadDot({ isRead }: { isRead: boolean }) {
  const { t } = useTranslation();
  if (isRead) return <span style={{ display: 'inline-block', width: 6 }} aria-hidden />;
  return (
    <Badge
      color="blue"
      aria-label={t('notices.unread')}
      title={t('notices.unread')}
      data-testid="notice-unread"
    />
  );
}
