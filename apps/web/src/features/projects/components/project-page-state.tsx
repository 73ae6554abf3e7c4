import { Button, Result } from 'antd';
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
  if (queries.some((q) => q.isError))
    return <LoadFailed title={labels.failed} retry={() => queries.forEach((q) => void q.refetch())} />;
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

function LoadFailed({ title, retry }: { title: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result status="warning" title={title} extra={<Button onClick={retry}>{t('common.retry')}</Button>} />
  );
}
