import { paths } from '@junkan/shared/paths';
import { App, Button, Card, Flex, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dropKeptInput, readKeptInput } from '../../../components/form/kept-input';
import { confirmSend } from '../../../components/form-modal';
import { LinkButton } from '../../../components/link-button';
import { PageSpinner } from '../../../components/page-spinner';
import { isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useCreateCollectionRequest } from '../api/create-collection-request';
import { useRequestOptions } from '../api/request-options';
import { type PendingRequest, pendingRequestKey, requestDraftKey } from '../collection-request-values';
import type { RequestFormState } from '../components/collection-request-form';
import { PreviewTable } from '../components/preview-table';
import { RequestSummary } from '../components/request-summary';

/**
 * /collection-request/confirm: the checked request (kept in sessionStorage, so a reload keeps it) with the
 * collections it makes; "送信" saves it, "戻る" returns to the form with the input as it was.
 */
export default function CollectionRequestConfirmPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const userId = useSession().claims?.userId;
  const [pending] = useState(() => readKeptInput<PendingRequest>(pendingRequestKey(userId)));
  const options = useRequestOptions();
  const create = useCreateCollectionRequest();

  if (!pending?.body || !pending.preview)
    return (
      <Result
        status="info"
        title={t('collections.noPending')}
        extra={
          <LinkButton to={paths.collectionRequest.to()} type="primary">
            {t('collections.toRequest')}
          </LinkButton>
        }
      />
    );
  if (options.isPending) return <PageSpinner />;
  const option = options.data?.find((o) => o.projectId === pending.body.projectId);

  const back = (state: RequestFormState) => navigate(paths.collectionRequest.to(), { state });

  const onSend = () =>
    confirmSend(modal, {
      title: t('collections.send'),
      content: t('collections.sendConfirm'),
      okText: t('collections.send'),
      okButtonProps: { autoInsertSpace: false },
      cancelText: t('forms.cancel'),
      send: async () => {
        const created = await create.mutateAsync(pending.body);
        dropKeptInput(pendingRequestKey(userId));
        dropKeptInput(requestDraftKey(userId));
        void message.success(t('collections.sent'));
        const first = created.collections.find((c) => c.status !== 'SKIPPED') ?? created.collections[0];
        const month = first ? `?month=${first.date.slice(0, 7)}` : '';
        navigate(`${paths.collectionSchedules.to()}${month}`);
      },
      onRefused: (error) => {
        // A refusal about the input goes back to the form, next to the fields.
        if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0)
          back({ refusal: { fields: error.fields, params: error.params } });
        else showApiError({ error, t, message });
      },
    });

  return (
    <>
      <Typography.Title level={4}>{t('collections.confirmTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('collections.confirmLead')}</Typography.Paragraph>
      <Card size="small" style={{ marginBottom: 16 }}>
        <RequestSummary body={pending.body} option={option} />
      </Card>
      <Card size="small" title={t('collections.preview.title')} style={{ marginBottom: 16 }}>
        <PreviewTable preview={pending.preview} />
      </Card>
      <Flex gap={8} justify="end">
        <Button disabled={create.isPending} onClick={() => back({ back: true })} autoInsertSpace={false}>
          {t('collections.back')}
        </Button>
        <Button
          type="primary"
          loading={create.isPending}
          onClick={onSend}
          autoInsertSpace={false}
          data-testid="collection-send"
        >
          {t('collections.send')}
        </Button>
      </Flex>
    </>
  );
}
