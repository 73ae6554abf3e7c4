import type { OperationsMail } from '@junkan/shared/api/operations';
import { Button, Descriptions } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { LoadFailed } from '../../../components/load-failed';
import { showApiError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useOperationsMail } from '../api/operations-mail';
import { useResendOperationsMail } from '../api/resend-operations-mail';
import { OperationsSection } from './section';

/** The mail outbox: whether mail goes out over SMTP, how many wait, and the failed deliveries to send again. */
export function MailSection() {
  const { t } = useTranslation();
  const message = useToast();
  const outbox = useOperationsMail();
  const resend = useResendOperationsMail();

  const resendMail = async (m: OperationsMail) => {
    try {
      await resend.mutateAsync(m.id);
      void message.success(t('operations.mail.resent', { to: m.to }));
    } catch (error) {
      showApiError({ error, t, message });
    }
  };

  const columns: ColumnsType<OperationsMail> = [
    { title: t('operations.mail.to'), dataIndex: 'to', minWidth: 180 },
    { title: t('operations.mail.subject'), dataIndex: 'subject', minWidth: 180 },
    { title: t('operations.mail.attempts'), dataIndex: 'attempts', width: 80, align: 'right' },
    {
      title: t('operations.mail.lastAttempt'),
      dataIndex: 'lastAttemptAt',
      width: 150,
      render: (v: string | null) => (v ? formatDateTime(v) : '-'),
    },
    { title: t('operations.mail.error'), dataIndex: 'error', minWidth: 200 },
    {
      title: t('operations.actions'),
      key: 'actions',
      width: 110,
      fixed: 'end',
      render: (_, m) => (
        <Button
          size="small"
          onClick={() => void resendMail(m)}
          loading={resend.isPending && resend.variables === m.id}
          aria-label={t('operations.mail.resendLabel', { to: m.to })}
          data-testid={`resend-mail-${m.id}`}
        >
          {t('operations.resend')}
        </Button>
      ),
    },
  ];
  const data = outbox.data;
  return (
    <OperationsSection clock="machine" id="operations-mail" title={t('operations.mail.title')}>
      {outbox.isError && !data ? (
        <LoadFailed title={t('operations.loadFailed')} onRetry={() => void outbox.refetch()} />
      ) : (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'smtp',
                label: t('operations.mail.delivery'),
                children: data ? t(data.smtp ? 'operations.mail.smtp' : 'operations.mail.kept') : '-',
              },
              { key: 'backlog', label: t('operations.mail.backlog'), children: data?.backlog ?? '-' },
            ]}
          />
          <h3 style={{ fontSize: 14, margin: 0 }}>{t('operations.mail.failed')}</h3>
          <DataTable<OperationsMail>
            rowKey="id"
            size="small"
            loading={outbox.isFetching}
            columns={columns}
            dataSource={data?.failed ?? []}
            pagination={false}
            locale={{ emptyText: t('operations.mail.noneFailed') }}
            data-testid="mail-failed"
          />
        </>
      )}
    </OperationsSection>
  );
}
