import { ReloadOutlined } from '@ant-design/icons';
import type { ManifestDetail } from '@junkan/shared/api/manifests';
import { paths } from '@junkan/shared/paths';
import { Alert, Button, Card, Descriptions, Flex, Result, Steps, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { keptUntilItem } from '../../../components/kept-until';
import { LinkButton } from '../../../components/link-button';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitleBar } from '../../../components/page-title-bar';
import { isApiError } from '../../../lib/api-client';
import { useCompanyFilter } from '../../../lib/company-filter';
import { formatDateTime } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { useSession } from '../../../lib/use-session';
import { useManifestDetail } from '../api/manifest-detail';
import { ContractDifferences } from '../components/contract-differences';
import { ReportDeadline } from '../components/deadline-tag';
import { ManifestStatusTag, RunningTag } from '../components/manifest-status-tag';
import { formatManifestDate, MANIFEST_MANAGEMENT_PATH, parseManifestNumberParam } from '../manifest-filters';
import { manifestPhaseSteps, runningFunctionLabels } from '../manifest-labels';

/**
 * /manifest-detail?manifestNumber=: one manifest as the network reports it now (or as last stored, with a
 * warning, when the network cannot be asked). No number goes back to the list.
 */
export default function ManifestDetailPage() {
  const [params] = useSearchParams();
  const manifestNumber = parseManifestNumberParam(params);
  if (manifestNumber === null) return <Navigate to={MANIFEST_MANAGEMENT_PATH} replace />;
  return <DetailView key={manifestNumber} manifestNumber={manifestNumber} />;
}

function DetailView({ manifestNumber }: { manifestNumber: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { roles } = useSession();
  const isTransport = roles.includes('TRANSPORT');
  const { companyId } = useCompanyFilter();
  const openedWith = useRef(companyId);
  const detail = useManifestDetail(isTransport, manifestNumber);

  // The header's company selector scopes what a transporter sees; another choice goes back to the list.
  useEffect(() => {
    if (isTransport && companyId !== openedWith.current)
      navigate(MANIFEST_MANAGEMENT_PATH, { replace: true });
  }, [isTransport, companyId, navigate]);

  const backButton = <LinkButton to={MANIFEST_MANAGEMENT_PATH}>{t('manifests.backToList')}</LinkButton>;

  if (detail.isError && !detail.data) {
    const error = detail.error;
    // 400: not a manifest number at all; 404: not one this session may see.
    if (isApiError(error) && (error.status === 404 || error.status === 400))
      return (
        <Result
          status="404"
          title={t('manifests.notFound')}
          subTitle={manifestNumber}
          extra={backButton}
          data-testid="manifest-not-found"
        />
      );
    return (
      <Result
        status="warning"
        title={t('manifests.detailLoadFailed')}
        extra={
          <Flex gap={8} justify="center">
            <Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>
            {backButton}
          </Flex>
        }
      />
    );
  }
  if (!detail.data) return <PageSpinner />;
  return (
    <DetailContent
      manifest={detail.data}
      refreshing={detail.isFetching}
      refreshFailed={detail.isRefetchError}
      onRefresh={() => void detail.refetch()}
      backButton={backButton}
    />
  );
}

function DetailContent({
  manifest,
  refreshing,
  refreshFailed,
  onRefresh,
  backButton,
}: {
  manifest: ManifestDetail;
  refreshing: boolean;
  refreshFailed: boolean;
  onRefresh: () => void;
  backButton: ReactNode;
}) {
  const { t } = useTranslation();
  const { steps, current } = manifestPhaseSteps(manifest.phases, manifest.status);
  const running = runningFunctionLabels(manifest.runningFunctions)
    .map((f) => (f.labelKey ? t(f.labelKey) : f.code))
    .join(currentPunctuation().list);

  return (
    <>
      <PageTitleBar
        title={t('manifests.detailTitle', { manifestNumber: manifest.manifestNumber })}
        titleTestId="manifest-detail-title"
      >
        <Flex gap={8} wrap>
          <Button
            icon={<ReloadOutlined />}
            loading={refreshing}
            onClick={onRefresh}
            data-testid="manifest-refresh"
          >
            {t('manifests.refresh')}
          </Button>
          {backButton}
        </Flex>
      </PageTitleBar>
      {refreshFailed && !refreshing && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('manifests.refreshFailed')} />
      )}
      {!manifest.fresh && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="manifest-stale"
          title={
            manifest.syncedAt
              ? t('manifests.stale', { syncedAt: formatDateTime(manifest.syncedAt) })
              : t('manifests.staleNever')
          }
        />
      )}
      {manifest.runningFunctions.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('manifests.processingNote', { functions: running })}
        />
      )}
      <Card size="small" style={{ marginBottom: 16 }} title={t('manifests.phasesTitle')}>
        <Steps
          current={current}
          data-testid="manifest-phases"
          items={steps.map((step) => ({
            key: step.phase,
            status: step.status,
            title: t(step.titleKey),
            content: step.done
              ? formatManifestDate(step.date) || t('manifests.phaseDone')
              : t('manifests.phaseNotDone'),
          }))}
        />
      </Card>
      {manifest.differenceConfirmation && (
        <Card
          size="small"
          style={{ marginBottom: 16 }}
          title={t('manifests.difference.confirmedTitle')}
          data-testid="manifest-difference-confirmation"
        >
          <Typography.Paragraph type="secondary">
            {manifest.differenceConfirmation.confirmedBy
              ? t('manifests.difference.confirmedBy', {
                  name: manifest.differenceConfirmation.confirmedBy,
                  at: formatDateTime(manifest.differenceConfirmation.confirmedAt),
                })
              : t('manifests.difference.confirmedByUnknown', {
                  at: formatDateTime(manifest.differenceConfirmation.confirmedAt),
                })}
          </Typography.Paragraph>
          <ContractDifferences differences={manifest.differenceConfirmation.differences} />
        </Card>
      )}
      <Card size="small">
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2 }}
          data-testid="manifest-detail"
          items={[
            {
              key: 'manifestNumber',
              label: t('manifests.column.manifestNumber'),
              children: manifest.manifestNumber,
            },
            {
              key: 'status',
              label: t('manifests.column.status'),
              children: <ManifestStatusTag status={manifest.status} runningFunctions={[]} />,
            },
            {
              key: 'deliveryDate',
              label: t('manifests.column.deliveryDate'),
              children: formatManifestDate(manifest.deliveryDate),
            },
            {
              key: 'dischargeFacility',
              label: t('manifests.column.dischargeFacility'),
              children: manifest.dischargeSiteName,
            },
            {
              key: 'transportEnd',
              label: t('manifests.column.transportEnd'),
              children: formatManifestDate(manifest.transportEndDate) || '—',
            },
            {
              key: 'disposalEnd',
              label: t('manifests.column.disposalEnd'),
              children: formatManifestDate(manifest.disposalEndDate) || '—',
            },
            {
              key: 'finalDisposalEnd',
              label: t('manifests.column.finalDisposalEnd'),
              children: formatManifestDate(manifest.finalDisposalEndDate) || '—',
            },
            { key: 'waste', label: t('manifests.column.waste'), children: manifest.wasteName },
            {
              key: 'project',
              label: t('manifests.column.project'),
              children:
                manifest.projectId !== null ? (
                  <Link to={paths.projectDetail.to(manifest.projectId)}>
                    {manifest.projectTitle ?? manifest.projectId}
                  </Link>
                ) : (
                  (manifest.projectTitle ?? '—')
                ),
            },
            { key: 'discharger', label: t('manifests.column.discharger'), children: manifest.dischargerName },
            {
              key: 'transporter',
              label: t('manifests.column.transporter'),
              children: manifest.transporterName ?? '—',
            },
            {
              key: 'disposalSite',
              label: t('manifests.column.disposalSite'),
              children: manifest.disposalSiteName ?? '—',
            },
            {
              key: 'transportReport',
              label: t('manifests.column.transportReport'),
              children:
                manifest.transportReportId !== null ? (
                  <Typography.Text data-testid="manifest-reported">
                    {t('manifests.reportedWithId', { id: manifest.transportReportId })}
                  </Typography.Text>
                ) : (
                  <Flex gap={8} align="center" wrap data-testid="manifest-report-deadline">
                    <Typography.Text type="secondary">{t('manifests.notReported')}</Typography.Text>
                    {manifest.reportDeadline && (
                      <>
                        <Typography.Text>{t('manifests.deadlineLabel')}</Typography.Text>
                        <ReportDeadline
                          deadline={manifest.reportDeadline}
                          state={manifest.reportDeadlineState}
                        />
                      </>
                    )}
                  </Flex>
                ),
            },
            {
              key: 'syncedAt',
              label: t('manifests.column.syncedAt'),
              children: manifest.syncedAt ? formatDateTime(manifest.syncedAt) : '—',
            },
            keptUntilItem(t, manifest.keptUntil),
            ...(manifest.runningFunctions.length > 0
              ? [
                  {
                    key: 'running',
                    label: t('manifests.column.running'),
                    children: <RunningTag runningFunctions={manifest.runningFunctions} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </>
  );
}
