import { DownloadOutlined } from '@ant-design/icons';
import type { ProjectDetail } from '@junkan/shared/api/projects';
import { paths } from '@junkan/shared/paths';
import {
  canTransitionProject,
  isQuoteRequestEditable,
  projectHistoryLabelKeys,
} from '@junkan/shared/project-status';
import { App, Button, Card, Flex, Input, List, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDestructive } from '../../components/form-modal';
import { LinkButton } from '../../components/link-button';
import { PageTitleBar } from '../../components/page-title-bar';
import { PermitCoverageAlert } from '../../components/permit-coverage-alert';
import { projectPageState } from '../../components/project/project-page-state';
import { ProjectSummary } from '../../components/project/project-summary';
import { ContractCard } from '../../features/contracts/components/contract-card';
import { contractTaskLink } from '../../features/contracts/contract-links';
import { useCancelProject } from '../../features/projects/api/cancel-project';
import { QuoteCard } from '../../features/quotes/components/quote-card';
import { downloadAttachment } from '../../lib/download-attachment';
import { showApiError } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { useProjectDetail } from '../../lib/project-data/project-detail';
import { useRequestQuote } from '../../lib/project-data/request-quote';
import { useToast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * /project-managment/detail/:id: the project, its files and history, and the actions its status allows; it
 * composes the projects feature with the quote and contract cards, so it lives in app/.
 */
export default function ProjectDetailPage() {
  const { t } = useTranslation();
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const project = useProjectDetail(id);
  const state = projectPageState(id, [project], {
    backTo: paths.projectManagement.to(),
    back: t('projects.backToList'),
    failed: t('projects.loadFailed'),
  });
  if (state || !project.data) return state;
  return <ProjectDetailView project={project.data} />;
}

function ProjectDetailView({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const { roles } = useSession();
  const { has } = usePermissions();
  const actor = roles.includes('TRANSPORT') ? 'TRANSPORT' : 'WASTE';
  const isDischarger = actor === 'WASTE';
  const submit = useRequestQuote();
  const cancel = useCancelProject(project.id);
  const [reason, setReason] = useState('');
  const busy = submit.isPending || cancel.isPending;

  const draft = isDischarger && isQuoteRequestEditable(project.projectStatus);
  const canCancel = canTransitionProject(project.projectStatus, 'CANCEL', actor);
  const quoteBlocked = project.permitCoverage?.covered === false;
  // The transporter writes the contract (also before a first save); the discharger confirms it.
  const contractLink = has('CONTRACT_MANAGEMENT')
    ? contractTaskLink(
        {
          projectStatus: project.projectStatus,
          contractStatus: project.contract?.status ?? null,
          contractType: project.contract?.contractType ?? null,
        },
        actor,
        project.id,
      )
    : null;
  const editPath =
    project.type === 'REGULAR'
      ? `${paths.quoteRequestEdit.to()}?id=${project.id}`
      : `${paths.quoteRequestLarge.to()}?id=${project.id}`;

  const onSubmit = () => {
    if (has('QUOTE_REQUEST_CONFIRM')) {
      navigate(`${paths.quoteRequestConfirm.to()}?id=${project.id}`);
      return;
    }
    modal.confirm({
      title: t('projects.submit'),
      content: t('projects.submitConfirm'),
      onOk: async () => {
        try {
          await submit.mutateAsync(project.id);
          void message.success(t('projects.submitted'));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });
  };

  const onCancel = () => {
    setReason('');
    let typed = '';
    confirmDestructive(modal, {
      title: t('projects.cancelTitle'),
      okText: t('projects.cancel'),
      cancelText: t('projects.close'),
      content: (
        <>
          <Typography.Paragraph>{t('projects.cancelConfirm')}</Typography.Paragraph>
          <Input.TextArea
            aria-label={t('projects.cancelReason')}
            placeholder={t('projects.cancelReason')}
            maxLength={512}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(e) => {
              typed = e.target.value;
              setReason(typed);
            }}
          />
        </>
      ),
      onOk: async () => {
        try {
          await cancel.mutateAsync(typed || reason);
          void message.success(t('projects.cancelled'));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });
  };

  return (
    <>
      <PageTitleBar title={t('common.withNote', { main: t('projects.detailTitle'), note: project.id })}>
        <Flex gap={8} wrap>
          <LinkButton to={paths.projectManagement.to()}>{t('projects.backToList')}</LinkButton>
          {draft && has('QUOTE_REQUEST') && (
            <>
              <LinkButton to={editPath} disabled={busy}>
                {t('projects.edit')}
              </LinkButton>
              <Button type="primary" disabled={busy} loading={submit.isPending} onClick={onSubmit}>
                {t('projects.submit')}
              </Button>
            </>
          )}
          {!isDischarger &&
            project.projectStatus === 'REQUEST_QUOTE' &&
            has('CREATE_QUOTE') &&
            (quoteBlocked ? (
              // Issue 15: not offered without permit coverage; the reason beside it, the gaps below.
              <Flex align="center" gap={8} wrap>
                <Typography.Text type="danger" data-testid="quote-blocked-reason">
                  {t('permits.coverage.quoteBlocked')}
                </Typography.Text>
                <Button type="primary" disabled data-testid="create-quote">
                  {t('quotes.create')}
                </Button>
              </Flex>
            ) : (
              <LinkButton to={paths.createQuote.to(project.id)} type="primary" data-testid="create-quote">
                {t('quotes.create')}
              </LinkButton>
            ))}
          {contractLink && (
            <LinkButton to={contractLink.path} type="primary" disabled={busy}>
              {t(contractLink.kind === 'create' ? 'contracts.create' : 'contracts.confirm')}
            </LinkButton>
          )}
          {canCancel && (
            <Button danger disabled={busy} loading={cancel.isPending} onClick={onCancel}>
              {t('projects.cancel')}
            </Button>
          )}
        </Flex>
      </PageTitleBar>
      <PermitCoverageAlert coverage={project.permitCoverage} own={!isDischarger} />
      <ProjectSummary project={project} isDischarger={isDischarger} />
      <Card title={t('projects.attachments')} size="small" style={{ marginBottom: 16 }}>
        {project.attachments.length === 0 ? (
          <Typography.Text type="secondary">{t('projects.noAttachments')}</Typography.Text>
        ) : (
          <List
            size="small"
            dataSource={project.attachments}
            renderItem={(file) => (
              <List.Item
                actions={[
                  <Button
                    key="dl"
                    type="link"
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      downloadAttachment(project.id, file).catch(() => void message.error(t('unknown_error')))
                    }
                  >
                    {t('projects.download')}
                  </Button>,
                ]}
              >
                {t('common.withNote', { main: file.fileName, note: formatSize(file.size) })}
              </List.Item>
            )}
          />
        )}
      </Card>
      <QuoteCard project={project} isDischarger={isDischarger} />
      {project.contract && <ContractCard project={project} role={actor} />}
      <Card title={t('projects.history')} size="small" data-testid="project-history">
        <Timeline
          items={project.history.map((h) => {
            const label = projectHistoryLabelKeys(h.fromStatus, h.toStatus);
            return {
              children: (
                <>
                  <Typography.Text type="secondary">{formatDateTime(h.createdAt)}</Typography.Text>{' '}
                  {label.from
                    ? `${t(label.from)} → ${t(label.to)}`
                    : t('common.withNote', { main: t('projects.historyCreated'), note: t(label.to) })}
                  {h.reason && (
                    // The reason is what a user typed.
                    <div data-user-content>
                      <Typography.Text type="secondary">
                        {t('projects.reasonLabel', { reason: h.reason })}
                      </Typography.Text>
                    </div>
                  )}
                </>
              ),
            };
          })}
        />
      </Card>
    </>
  );
}
