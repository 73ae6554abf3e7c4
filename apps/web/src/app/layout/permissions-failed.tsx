import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';

/** Shown when the permissions could not be read; loaded only then (antd's Result carries large illustrations). */
export default function PermissionsFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadFailed title={t('unknown_error')} onRetry={onRetry} />;
}
