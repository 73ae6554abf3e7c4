import type { OperationsJob } from '@junkan/shared';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { LoadFailed } from '../../../components/load-failed';
import { showApiError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useOperationsJobs } from '../api/operations-jobs';
import { useRunOperationsJob } from '../api/run-operations-job';
import { OperationsSection } from './section';

const when = (at: string | null | undefined) => (at ? formatDateTime(at) : '-');

/** The job engine: each queue, its schedule and next run, its last run and last failure, and run now. */
export function JobsSection() {
  const { t } = useTranslation();
  const message = useToast();
  const list = useOperationsJobs();
  const run = useRunOperationsJob();
  const label = (name: string) => t(`operations.jobNames.${name}`, { defaultValue: name });

  const runNow = async (job: OperationsJob) => {
    try {
      const { queued } = await run.mutateAsync(job.name);
      void message.success(
        t(queued ? 'operations.jobs.queued' : 'operations.jobs.alreadyWaiting', { name: label(job.name) }),
      );
    } catch (error) {
      showApiError({ error, t, message });
    }
  };

  const columns: ColumnsType<OperationsJob> = [
    { title: t('operations.jobs.name'), dataIndex: 'name', minWidth: 180, render: (v: string) => label(v) },
    {
      title: t('operations.jobs.schedule'),
      dataIndex: 'schedule',
      width: 120,
      render: (v: string | null) => v ?? t('operations.jobs.onDemand'),
    },
    { title: t('operations.jobs.nextRun'), dataIndex: 'nextRunAt', width: 150, render: when },
    {
      title: t('operations.jobs.lastCompleted'),
      key: 'lastCompleted',
      width: 150,
      render: (_, job) => when(job.lastCompleted?.at),
    },
    {
      title: t('operations.jobs.lastFailed'),
      key: 'lastFailed',
      minWidth: 200,
      render: (_, job) => (job.lastFailed ? `${when(job.lastFailed.at)} ${job.lastFailed.error ?? ''}` : '-'),
    },
    { title: t('operations.jobs.waiting'), dataIndex: 'waiting', width: 80, align: 'right' },
    { title: t('operations.jobs.active'), dataIndex: 'active', width: 80, align: 'right' },
    { title: t('operations.jobs.failed'), dataIndex: 'failed', width: 80, align: 'right' },
    {
      title: t('operations.actions'),
      key: 'actions',
      width: 130,
      fixed: 'end',
      render: (_, job) =>
        job.schedule ? (
          <Button
            size="small"
            onClick={() => void runNow(job)}
            loading={run.isPending && run.variables === job.name}
            aria-label={t('operations.jobs.runNowLabel', { name: label(job.name) })}
            data-testid={`run-job-${job.name}`}
          >
            {t('operations.jobs.runNow')}
          </Button>
        ) : null,
    },
  ];
  return (
    <OperationsSection id="operations-jobs" title={t('operations.jobs.title')}>
      {list.isError && !list.data ? (
        <LoadFailed title={t('operations.loadFailed')} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<OperationsJob>
          rowKey="name"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data ?? []}
          pagination={false}
        />
      )}
    </OperationsSection>
  );
}
