import type { OperationsJwnetRequest } from '@junkan/shared/api/operations';
import { Button, Descriptions } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { LoadFailed } from '../../../components/load-failed';
import { showApiError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useOperationsJwnet } from '../api/operations-jwnet';
import { useResendOperationsJwnet } from '../api/resend-operations-jwnet';
import { OperationsSection } from './section';

/** The manifest-network queue: how much waits and since when, what waits, and what the network refused. */
export function JwnetSection() {
  const { t } = useTranslation();
  const message = useToast();
  const queue = useOperationsJwnet();
  const resend = useResendOperationsJwnet();
  const kind = (k: string) => t(`operations.jwnet.kinds.${k}`, { defaultValue: k });

  const resendRequest = async (r: OperationsJwnetRequest) => {
    try {
      await resend.mutateAsync(r.id);
      void message.success(t('operations.jwnet.resent', { manifest: r.manifestNumber ?? '-' }));
    } catch (error) {
      showApiError({ error, t, message });
    }
  };

  const base: ColumnsType<OperationsJwnetRequest> = [
    { title: t('operations.jwnet.id'), dataIndex: 'id', width: 80, fixed: 'start' },
    { title: t('operations.jwnet.kind'), dataIndex: 'kind', minWidth: 160, render: kind },
    { title: t('operations.jwnet.manifest'), dataIndex: 'manifestNumber', width: 130 },
    { title: t('operations.jwnet.attempts'), dataIndex: 'attempts', width: 80, align: 'right' },
    {
      title: t('operations.jwnet.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
  ];
  const waitingColumns: ColumnsType<OperationsJwnetRequest> = [
    ...base,
    {
      title: t('operations.jwnet.state'),
      dataIndex: 'state',
      width: 110,
      render: (v: string) => t(`operations.jwnet.states.${v}`),
    },
    {
      title: t('operations.jwnet.nextAttempt'),
      dataIndex: 'nextAttemptAt',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
  ];
  const refusedColumns: ColumnsType<OperationsJwnetRequest> = [
    ...base,
    {
      title: t('operations.jwnet.reason'),
      key: 'reason',
      minWidth: 240,
      render: (_, r) =>
        `${r.refusal ? messageText(t, r.refusal) : '-'}${r.refusalCode ? ` (${r.refusalCode})` : ''}`,
    },
    {
      title: t('operations.actions'),
      key: 'actions',
      width: 110,
      fixed: 'end',
      render: (_, r) =>
        r.canResend ? (
          <Button
            size="small"
            onClick={() => void resendRequest(r)}
            loading={resend.isPending && resend.variables === r.id}
            aria-label={t('operations.jwnet.resendLabel', { id: r.id })}
            data-testid={`resend-jwnet-${r.id}`}
          >
            {t('operations.resend')}
          </Button>
        ) : null,
    },
  ];
  const data = queue.data;
  return (
    <OperationsSection clock="business" id="operations-jwnet" title={t('operations.jwnet.title')}>
      {queue.isError && !data ? (
        <LoadFailed title={t('operations.loadFailed')} onRetry={() => void queue.refetch()} />
      ) : (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'count',
                label: t('operations.jwnet.waitingCount'),
                children: data?.waitingCount ?? '-',
              },
              {
                key: 'oldest',
                label: t('operations.jwnet.oldestWaiting'),
                children: data?.oldestWaitingAt ? formatDateTime(data.oldestWaitingAt) : '-',
              },
            ]}
          />
          <h3 style={{ fontSize: 14, margin: 0 }}>{t('operations.jwnet.waiting')}</h3>
          <DataTable<OperationsJwnetRequest>
            rowKey="id"
            size="small"
            loading={queue.isFetching}
            columns={waitingColumns}
            dataSource={data?.waiting ?? []}
            pagination={false}
            locale={{ emptyText: t('operations.jwnet.noneWaiting') }}
            data-testid="jwnet-waiting"
          />
          <h3 style={{ fontSize: 14, margin: 0 }}>{t('operations.jwnet.refused')}</h3>
          <DataTable<OperationsJwnetRequest>
            rowKey="id"
            size="small"
            loading={queue.isFetching}
            columns={refusedColumns}
            dataSource={data?.refused ?? []}
            pagination={false}
            locale={{ emptyText: t('operations.jwnet.noneRefused') }}
            data-testid="jwnet-refused"
          />
        </>
      )}
    </OperationsSection>
  );
}
