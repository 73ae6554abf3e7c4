import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { LinkButton } from './link-button';

/** A refusal (4xx) answers the same again: after one, offer the way back, never a reload that cannot work. */
export const isRefusal = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

export interface Back {
  to: string;
  label: string;
}

/** A load that failed: say so, offer to load it again (when that can help), and the way back (when there is one). */
export function LoadFailed({ title, onRetry, back }: { title: string; onRetry?: () => void; back?: Back }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title}
      extra={
        <Flex gap={8} justify="center" wrap>
          {onRetry && (
            <Button type="primary" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
          {back && (
            <LinkButton to={back.to} type={onRetry ? 'default' : 'primary'} data-testid="load-failed-back">
              {back.label}
            </LinkButton>
          )}
        </Flex>
      }
    />
  );
}

/** A record that is not there for this session (a bad id, or another company's), with the way back. */
export function NotFound({ title, back }: { title: string; back: Back }) {
  return (
    <Result
      status="404"
      title={title}
      extra={
        <LinkButton to={back.to} data-testid="not-found-back">
          {back.label}
        </LinkButton>
      }
    />
  );
}
