import type { JobSummaryDto } from '@junkan/shared/api/jobs';
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

/** The scheduled jobs: each one's schedule and next run, its last run and last failure, and run now. */
export function JobsSection() {
  const { t } = useTranslation();
  const message = useToast();
  const list = useOperationsJobs();
  const run = useRunOperationsJob();
  const label = (name: string) => t(`operations.jobNames.${name}`, { defaultValue: name });

  const runNow = async (job: JobSummaryDto) => {
    try {
      await run.mutateAsync(job.name);
      void message.success(t('operations.jobs.queued', { name: label(job.name) }));
    } catch (error) {
      showApiError({ error, t, message });
    }
  };

  const columns: ColumnsType<JobSummaryDto> = [
    {
      title: t('operations.jobs.name'),
      dataIndex: 'name',
      minWidth: 180,
      render: (v: string, job) => label(v) || job.description,
    },
    {
      title: t('operations.jobs.schedule'),
      dataIndex: 'schedule',
      width: 120,
      render: (schedule: JobSummaryDto['schedule']) =>
        'daily' in schedule
          ? t('operations.jobs.daily', { time: schedule.daily })
          : t('operations.jobs.everyMinutes', { count: schedule.everyMinutes }),
    },
    { title: t('operations.jobs.nextRun'), dataIndex: 'nextRunAt', width: 150, render: when },
    {
      title: t('operations.jobs.lastRun'),
      key: 'lastRun',
      width: 190,
      render: (_, job) =>
        job.lastRun
          ? `${when(job.lastRun.finishedAt ?? job.lastRun.startedAt ?? job.lastRun.queuedAt)} ${t(`operations.jobs.status.${job.lastRun.status}`)}`
          : '-',
    },
    {
      title: t('operations.jobs.lastFailed'),
      key: 'lastFailed',
      minWidth: 200,
      render: (_, job) => {
        const failure = job.recentFailures[0];
        return failure ? `${when(failure.finishedAt ?? failure.queuedAt)} ${failure.error ?? ''}` : '-';
      },
    },
    {
      title: t('operations.actions'),
      key: 'actions',
      width: 130,
      fixed: 'end',
      render: (_, job) => (
        <Button
          size="small"
          onClick={() => void runNow(job)}
          loading={run.isPending && run.variables === job.name}
          aria-label={t('operations.jobs.runNowLabel', { name: label(job.name) })}
          data-testid={`run-job-${job.name}`}
        >
          {t('operations.jobs.runNow')}
        </Button>
      ),
    },
  ];
  return (
    <OperationsSection clock="business" id="operations-jobs" title={t('operations.jobs.title')}>
      {list.isError && !list.data ? (
        <LoadFailed title={t('operations.loadFailed')} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<JobSummaryDto>
          rowKey="name"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.jobs ?? []}
          pagination={false}
        />
      )}
    </OperationsSection>
  );
}
