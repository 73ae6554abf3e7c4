import type { OperationsProcess } from '@junkan/shared/api/operations';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { LoadFailed } from '../../../components/load-failed';
import { formatDateTime } from '../../../lib/format';
import { useOperationsProcesses } from '../api/operations-processes';
import { OperationsSection } from './section';

/** The server processes serving now, as the database knows them (a heartbeat within the last minute). */
export function ProcessesSection() {
  const { t } = useTranslation();
  const list = useOperationsProcesses();
  const columns: ColumnsType<OperationsProcess> = [
    { title: t('operations.processes.host'), dataIndex: 'host' },
    { title: t('operations.processes.pid'), dataIndex: 'pid', width: 90 },
    { title: t('operations.processes.version'), dataIndex: 'version', width: 120 },
    {
      title: t('operations.processes.worksJobs'),
      dataIndex: 'worksJobs',
      width: 110,
      render: (v: boolean) => (v ? t('operations.yes') : t('operations.no')),
    },
    {
      title: t('operations.processes.startedAt'),
      dataIndex: 'startedAt',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('operations.processes.heartbeatAt'),
      dataIndex: 'heartbeatAt',
      width: 150,
      render: (v: string) => formatDateTime(v, 'YYYY/MM/DD HH:mm:ss'),
    },
  ];
  return (
    <OperationsSection clock="machine" id="operations-processes" title={t('operations.processes.title')}>
      {list.isError && !list.data ? (
        <LoadFailed title={t('operations.loadFailed')} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<OperationsProcess>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: t('operations.processes.empty') }}
        />
      )}
    </OperationsSection>
  );
}
