import { paths } from '@junkan/shared/paths';
import { isQuoteRequestEditable } from '@junkan/shared/project-status';
import { Result, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { PageSpinner } from '../../../components/page-spinner';
import { useAccountInfo } from '../../../lib/account-info';
import { isApiError } from '../../../lib/api-client';
import { useProjectDetail } from '../../../lib/project-data/project-detail';
import { useWastes } from '../../../lib/reference-data/wastes';
import { DraftNotFound, LoadFailed } from '../components/load-state';
import { fromDetail } from '../components/regular-form-values';
import { RegularQuoteEditor } from '../components/regular-quote-editor';

/** /new-quote-request/edit?id=: a saved draft, edited until it is sent. */
export default function QuoteRequestEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const project = useProjectDetail(id);
  const wastes = useWastes('REGULAR');
  const account = useAccountInfo(false);
  const initialValues = useMemo(
    () =>
      project.data && wastes.data
        ? fromDetail(
            project.data,
            wastes.data.map((w) => w.id),
          )
        : null,
    [project.data, wastes.data],
  );

  // Without an id there is no draft to open: its list is where drafts are found.
  if (!params.get('id')) return <Navigate to={paths.projectManagement.to()} replace />;
  if (!Number.isInteger(id) || id <= 0 || (isApiError(project.error) && project.error.status === 404))
    return <DraftNotFound />;
  if (project.isError || wastes.isError || account.isError)
    return (
      <LoadFailed
        title={t('quoteRequest.loadFailed')}
        error={project.error}
        onRetry={() => void project.refetch()}
      />
    );
  if (!project.data || !wastes.data || !account.data || !initialValues) return <PageSpinner />;
  const detail = project.data;
  if (!isQuoteRequestEditable(detail.projectStatus))
    return (
      <Result
        status="info"
        title={t('quoteRequest.notEditable')}
        extra={
          <LinkButton to={paths.projectDetail.to(id)} type="primary">
            {t('quoteRequest.toDetail')}
          </LinkButton>
        }
      />
    );
  if (detail.type === 'INDUSTRIAL')
    return (
      <Result
        status="info"
        title={t('quoteRequest.industrialEdit')}
        extra={
          <LinkButton to={`${paths.quoteRequestLarge.to()}?id=${id}`} type="primary">
            {t('quoteRequest.openIndustrial')}
          </LinkButton>
        }
      />
    );
  return (
    <>
      <Typography.Title level={4}>{t('quoteRequest.editTitle')}</Typography.Title>
      <RegularQuoteEditor
        key={id}
        projectId={id}
        initialValues={initialValues}
        wastes={wastes.data}
        account={account.data}
      />
    </>
  );
}
