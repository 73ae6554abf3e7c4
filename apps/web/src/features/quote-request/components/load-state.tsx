import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** A failed load: a retry when trying again can help (not after a refusal), and always the way back to the list. */
export function LoadFailed({
  title,
  onRetry,
  error,
}: {
  title: string;
  onRetry: () => void;
  error?: unknown;
}) {
  const { t } = useTranslation();
  const isRefused = isApiError(error) && error.status >= 400 && error.status < 500;
  return (
    <Result
      status="warning"
      title={title}
      extra={
        <Flex gap={8} justify="center" wrap>
          {!isRefused && (
            <Button type="primary" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
          <Link to={paths.projectManagement.to()}>
            <Button>{t('projects.backToList')}</Button>
          </Link>
        </Flex>
      }
    />
  );
}

/** A draft address without a project this session can open. */
export function DraftNotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('projects.notFound')}
      extra={
        <Link to={paths.projectManagement.to()}>
          <Button data-testid="back-to-projects">{t('projects.backToList')}</Button>
        </Link>
      }
    />
  );
}
