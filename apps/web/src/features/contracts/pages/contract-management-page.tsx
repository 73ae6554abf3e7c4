import type { ContractListItem } from '@junkan/shared/api/contracts';
import { CONTRACT_STATUSES, type ContractStatus } from '@junkan/shared/contract-rules';
import { Button, Card, Result, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/use-session';
import { useContractList } from '../api/contract-list';
import { formatPeriod, useRenewalText } from '../components/contract-details';
import { ContractFileLinks } from '../components/contract-file-links';
import { ContractStatusTag } from '../components/contract-status-tag';
import { contractTaskLink, orderedFileKinds, projectDetailPath } from '../contract-links';

type Filter = ContractStatus | 'ALL';
const FILTERS: readonly Filter[] = ['ALL', ...CONTRACT_STATUSES];

/** /contract-management: the side's contracts, filtered by status, with their documents and next task. */
export default function ContractManagementPage() {
  const { t, i18n } = useTranslation();
  const { roles } = useSession();
  const isTransport = roles.includes('TRANSPORT');
  const role = isTransport ? 'TRANSPORT' : 'WASTE';
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const filter: Filter = (FILTERS as readonly string[]).includes(raw) ? (raw as Filter) : 'ALL';
  const list = useContractList(isTransport);
  const renewalText = useRenewalText();
  const rows = (list.data ?? []).filter((r) => filter === 'ALL' || r.status === filter);

  return (
    <>
      <Typography.Title level={4}>{t('contracts.listTitle')}</Typography.Title>
      <Card size="small">
        <Tabs
          activeKey={filter}
          onChange={(key) => setParams(key === 'ALL' ? {} : { status: key }, { replace: true })}
          items={FILTERS.map((key) => ({
            key,
            label: key === 'ALL' ? t('contracts.filterAll') : t(`contracts.status.${key}`),
          }))}
        />
        {list.isError ? (
          <Result
            status="warning"
            title={t('contracts.loadFailed')}
            extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <DataTable<ContractListItem>
            rowKey="id"
            size="small"
            loading={list.isLoading}
            dataSource={rows}
            locale={{ emptyText: t('contracts.empty') }}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 1100 }}
            data-testid="contract-list"
            columns={[
              {
                key: 'project',
                title: t('contracts.column.project'),
                ellipsis: true,
                render: (_, r) => <Link to={projectDetailPath(r.projectId)}>{r.projectTitle}</Link>,
              },
              {
                key: 'contractName',
                title: t('contracts.field.contractName'),
                dataIndex: 'contractName',
                ellipsis: true,
              },
              {
                key: 'counterpart',
                title: t(isTransport ? 'contracts.column.discharger' : 'contracts.column.transporter'),
                ellipsis: true,
                render: (_, r) => r.counterpart.name,
              },
              {
                key: 'period',
                title: t('contracts.field.period'),
                width: 210,
                sorter: (a, b) => a.startDate.localeCompare(b.startDate),
                // Start and end on a line each, so the era dates keep the column narrow.
                render: (_, r) => (
                  <span style={{ whiteSpace: 'pre-line' }}>
                    {formatPeriod(r.startDate, r.endDate, i18n.language, '\n')}
                  </span>
                ),
              },
              {
                key: 'type',
                title: t('contracts.field.contractType'),
                width: 120,
                render: (_, r) => t(`contracts.type.${r.contractType}`),
              },
              {
                key: 'renewal',
                title: t('contracts.field.renewal'),
                width: 100,
                render: (_, r) => renewalText(r),
              },
              {
                key: 'status',
                title: t('contracts.field.status'),
                width: 110,
                render: (_, r) => <ContractStatusTag status={r.status} />,
              },
              {
                key: 'files',
                title: t('contracts.field.files'),
                width: 240,
                render: (_, r) => (
                  <ContractFileLinks
                    projectId={r.projectId}
                    files={orderedFileKinds(r.fileKinds).map((kind) => ({ kind }))}
                    permitCopy={r.hasPermitCopy ? {} : null}
                    vertical
                  />
                ),
              },
              {
                key: 'updatedDate',
                title: t('contracts.column.updatedDate'),
                width: 110,
                sorter: (a, b) => a.updatedDate.localeCompare(b.updatedDate),
                render: (_, r) => formatDate(r.updatedDate),
              },
              {
                key: 'action',
                title: t('contracts.column.action'),
                width: 130,
                fixed: 'right',
                render: (_, r) => {
                  const link = contractTaskLink(
                    {
                      projectStatus: r.projectStatus,
                      contractStatus: r.status,
                      contractType: r.contractType,
                    },
                    role,
                    r.projectId,
                  );
                  return link ? (
                    <Link to={link.path}>
                      {t(link.kind === 'create' ? 'contracts.create' : 'contracts.confirm')}
                    </Link>
                  ) : null;
                },
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
