import { Button, Flex, Result } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { isApiError } from '../../../lib/api-client';

interface LoadedQuery {
  error: unknown;
  isError: boolean;
  data: unknown;
  refetch: () => unknown;
}

/**
 * What a page about one project shows until it can show the project: not found (a bad id, or a project the
 * session may not see), a retry after a failed load, or the spinner. Null once every query has its data.
 * `queries[0]` is the project's own query, whose 404 means the project is not there for this session.
 */
export function projectPageState(
  id: number,
  queries: LoadedQuery[],
  labels: { backTo: string; back: string; failed: string },
): ReactElement | null {
  const project = queries[0];
  if (!Number.isInteger(id) || id <= 0 || (isApiError(project?.error) && project.error.status === 404))
    return <ProjectNotFound backTo={labels.backTo} back={labels.back} />;
  const failed = queries.filter((q) => q.isError);
  if (failed.length > 0)
    return (
      <LoadFailed
        title={labels.failed}
        // A refusal (4xx) answers the same again: offer only the way back, never a reload that cannot work.
        retry={
          failed.every((q) => !isRefusal(q.error))
            ? () => queries.forEach((q) => void q.refetch())
            : undefined
        }
        backTo={labels.backTo}
        back={labels.back}
      />
    );
  if (queries.some((q) => !q.data)) return <PageSpinner />;
  return null;
}

function ProjectNotFound({ backTo, back }: { backTo: string; back: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('projects.notFound')}
      extra={
        <Link to={backTo}>
          <Button>{back}</Button>
        </Link>
      }
    />
  );
}

const isRefusal = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

function LoadFailed({
  title,
  retry,
  backTo,
  back,
}: {
  title: string;
  retry?: () => void;
  backTo: string;
  back: string;
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title}
      extra={
        <Flex gap={8} justify="center" wrap>
          {retry && <Button onClick={retry}>{t('common.retry')}</Button>}
          <Link to={backTo}>
            <Button type={retry ? 'default' : 'primary'} data-testid="load-failed-back">
              {back}
            </Button>
          </Link>
        </Flex>
      }
    />
  );
}
