import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown when the permissions could not be read; loaded only then (antd's Result carries large illustrations). */
export default function PermissionsFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('unknown_error')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
