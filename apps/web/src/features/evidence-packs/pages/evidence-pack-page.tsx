import { DownloadOutlined } from '@ant-design/icons';
import type { EvidencePack, EvidencePackListQuery } from '@junkan/shared/api/evidence-packs';
import { evidencePackPercent } from '@junkan/shared/rules/evidence-pack';
import { Button, Card, Empty, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { LoadFailed, listPagination } from '../../../components/master-list';
import { showApiError } from '../../../lib/form-errors';
import { formatByteSize, formatDateTime, formatPlainDate } from '../../../lib/format';
import { currentPunctuation, messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { downloadEvidencePack } from '../api/download-evidence-pack';
import { useEvidencePacks } from '../api/evidence-pack-list';
import { EvidencePackRequestForm } from '../components/evidence-pack-request-form';
import { EvidencePackStatusTag } from '../components/evidence-pack-status-tag';

/**
 * /evidence-pack: what a prefecture's on-site inspection asks for, as one ZIP (contracts and permit copies,
 * manifests with their phases, completion reports with corrections and approvals, monthly reports, and an index).
 * The discharger asks for its projects, the transporter for its side of the projects it serves. Packs are built in
 * the background: the list shows their progress (asked again every two seconds while one is being built) and a
 * download button once ready.
 */
export default function EvidencePackPage() {
  const { t } = useTranslation();
  const message = useToast();
  const [query, setQuery] = useState<EvidencePackListQuery>({
    page: 1,
    size: 20,
    sort: 'createdAt',
    order: 'desc',
  });
  const list = useEvidencePacks(query);

  const scopeText = (p: EvidencePack) =>
    p.scope === 'PROJECT'
      ? `${t('evidencePacks.scopeProject')}${currentPunctuation().colon}${p.projectTitle ?? p.projectId}`
      : `${t('evidencePacks.scopePeriod')}${currentPunctuation().colon}${formatPlainDate(p.from)}${currentPunctuation().range}${formatPlainDate(p.to)}`;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="evidence-pack-page">
      <Card title={t('menu.evidencePack')}>
        <Typography.Paragraph type="secondary">{t('evidencePacks.intro')}</Typography.Paragraph>
        <EvidencePackRequestForm />
      </Card>
      <Card title={t('evidencePacks.listTitle')}>
        {list.isError && !list.data ? (
          <LoadFailed title={t('evidencePacks.loadFailed')} onRetry={() => void list.refetch()} />
        ) : list.data?.total === 0 ? (
          <Empty description={t('evidencePacks.empty')} data-testid="evidence-pack-empty">
            <Typography.Paragraph type="secondary">{t('evidencePacks.emptyHint')}</Typography.Paragraph>
          </Empty>
        ) : (
          <DataTable<EvidencePack>
            rowKey="id"
            size="middle"
            loading={list.isLoading}
            dataSource={list.data?.items ?? []}
            scroll={{ x: 960 }}
            onChange={(pagination) =>
              setQuery((q) => ({ ...q, page: pagination.current ?? 1, size: pagination.pageSize ?? q.size }))
            }
            pagination={listPagination({
              page: query.page,
              size: query.size,
              total: list.data?.total ?? 0,
              totalText: (count) => t('evidencePacks.total', { count }),
            })}
            data-testid="evidence-pack-table"
            columns={[
              {
                key: 'createdAt',
                title: t('evidencePacks.field.createdAt'),
                width: 150,
                render: (_, p) => formatDateTime(p.createdAt),
              },
              {
                key: 'scope',
                title: t('evidencePacks.field.scope'),
                ellipsis: true,
                render: (_, p) => scopeText(p),
              },
              {
                key: 'requestedBy',
                title: t('evidencePacks.field.requestedBy'),
                width: 150,
                dataIndex: 'requestedBy',
              },
              {
                key: 'status',
                title: t('evidencePacks.field.status'),
                width: 240,
                render: (_, p) => (
                  <Space direction="vertical" size={2} style={{ width: '100%' }}>
                    <EvidencePackStatusTag id={p.id} status={p.status} />
                    {(p.status === 'QUEUED' || p.status === 'BUILDING') && (
                      <>
                        <Progress
                          percent={evidencePackPercent(p.itemsDone, p.itemsTotal)}
                          size="small"
                          status="active"
                          data-testid={`evidence-pack-progress-${p.id}`}
                        />
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {p.itemsTotal > 0
                            ? t('evidencePacks.progress', { done: p.itemsDone, total: p.itemsTotal })
                            : t('evidencePacks.counting')}
                        </Typography.Text>
                      </>
                    )}
                    {p.status === 'FAILED' && p.errorCode && (
                      <Typography.Text type="danger" style={{ fontSize: 12 }}>
                        {messageText(t, p.errorCode)}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                key: 'size',
                title: t('evidencePacks.field.size'),
                width: 150,
                render: (_, p) =>
                  p.status === 'READY' ? (
                    <>
                      {formatByteSize(p.size)}
                      <br />
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('evidencePacks.files', { count: p.itemsTotal })}
                      </Typography.Text>
                    </>
                  ) : (
                    ''
                  ),
              },
              {
                key: 'expiresAt',
                title: t('evidencePacks.field.expiresAt'),
                width: 150,
                render: (_, p) => (p.expiresAt ? formatDateTime(p.expiresAt) : ''),
              },
              {
                key: 'actions',
                title: t('evidencePacks.field.actions'),
                width: 140,
                fixed: 'right',
                render: (_, p) =>
                  p.status === 'READY' ? (
                    <Button
                      size="small"
                      type="primary"
                      icon={<DownloadOutlined />}
                      onClick={() =>
                        void downloadEvidencePack(p).catch((error) => showApiError({ error, t, message }))
                      }
                      data-testid={`evidence-pack-download-${p.id}`}
                    >
                      {t('evidencePacks.download')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}
