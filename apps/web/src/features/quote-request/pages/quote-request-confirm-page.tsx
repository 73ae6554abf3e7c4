import { paths } from '@junkan/shared/paths';
import { isQuoteRequestEditable } from '@junkan/shared/project-status';
import { App, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { PageSpinner } from '../../../components/page-spinner';
import { ProjectSummary } from '../../../components/project/project-summary';
import { isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form-errors';
import { useProjectDetail } from '../../../lib/project-data/project-detail';
import { useRequestQuote } from '../../../lib/project-data/request-quote';
import { useToast } from '../../../lib/toast';
import { DraftNotFound, LoadFailed } from '../components/load-state';

/** /new-quote-request/quotation-request-confirm?id=: the saved draft read-only, then sent. */
export default function QuoteRequestConfirmPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const project = useProjectDetail(id);
  const submit = useRequestQuote();

  // Without an id there is no draft to open: its list is where drafts are found.
  if (!params.get('id')) return <Navigate to={paths.projectManagement.to()} replace />;
  if (!Number.isInteger(id) || id <= 0 || (isApiError(project.error) && project.error.status === 404))
    return <DraftNotFound />;
  if (project.isError)
    return (
      <LoadFailed
        title={t('quoteRequest.loadFailed')}
        error={project.error}
        onRetry={() => void project.refetch()}
      />
    );
  if (!project.data) return <PageSpinner />;
  const editable = isQuoteRequestEditable(project.data.projectStatus);
  const editPath =
    project.data.type === 'REGULAR'
      ? `${paths.quoteRequestEdit.to()}?id=${id}`
      : `${paths.quoteRequestLarge.to()}?id=${id}`;

  const onSubmit = () =>
    modal.confirm({
      title: t('quoteRequest.submitNow'),
      content: t('MSG_00_04'),
      onOk: async () => {
        try {
          await submit.mutateAsync(id);
          void message.success(t('quoteRequest.requested'));
          navigate(paths.projectDetail.to(id));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  return (
    <>
      <Typography.Title level={4}>{t('quoteRequest.confirmTitle')}</Typography.Title>
      {editable ? (
        <Typography.Paragraph type="secondary">{t('quoteRequest.confirmLead')}</Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="warning">{t('quoteRequest.notEditable')}</Typography.Paragraph>
      )}
      <ProjectSummary project={project.data} isDischarger />
      <Flex gap={8} justify="flex-end">
        {editable ? (
          <>
            <LinkButton to={editPath} disabled={submit.isPending}>
              {t('quoteRequest.back')}
            </LinkButton>
            <Button
              type="primary"
              loading={submit.isPending}
              disabled={project.data.collectionAreaSupported === false}
              onClick={onSubmit}
            >
              {t('quoteRequest.submitNow')}
            </Button>
          </>
        ) : (
          <LinkButton to={paths.projectDetail.to(id)} type="primary">
            {t('quoteRequest.toDetail')}
          </LinkButton>
        )}
      </Flex>
    </>
  );
}
