import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { type Back, isRefusal, LoadFailed, NotFound } from '../load-failed';
import { PageSpinner } from '../page-spinner';

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
    return <ProjectNotFound back={{ to: labels.backTo, label: labels.back }} />;
  const failed = queries.filter((q) => q.isError);
  if (failed.length > 0)
    return (
      <LoadFailed
        title={labels.failed}
        onRetry={
          failed.every((q) => !isRefusal(q.error))
            ? () => queries.forEach((q) => void q.refetch())
            : undefined
        }
        back={{ to: labels.backTo, label: labels.back }}
      />
    );
  if (queries.some((q) => !q.data)) return <PageSpinner />;
  return null;
}

function ProjectNotFound({ back }: { back: Back }) {
  const { t } = useTranslation();
  return <NotFound title={t('projects.notFound')} back={back} />;
}
