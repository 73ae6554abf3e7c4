import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { operationsJobsQueryOptions } from '../api/operations-jobs';
import { operationsJwnetQueryOptions } from '../api/operations-jwnet';
import { operationsMailQueryOptions } from '../api/operations-mail';
import { operationsProcessesQueryOptions } from '../api/operations-processes';
import { JobsSection } from '../components/jobs-section';
import { JwnetSection } from '../components/jwnet-section';
import { MailSection } from '../components/mail-section';
import { ProcessesSection } from '../components/processes-section';

/**
 * The operations screen (administrators): the processes serving, the job engine, the manifest-network queue
 * and the mail outbox, each read from the database (every process answers the same), with the actions an
 * operator takes: run a scheduled job now, send a refused report or a failed mail again.
 */
export default function OperationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const title = t('menu.operations');
  const refresh = () => {
    for (const owner of [
      operationsProcessesQueryOptions,
      operationsJobsQueryOptions,
      operationsJwnetQueryOptions,
      operationsMailQueryOptions,
    ])
      void queryClient.invalidateQueries({ queryKey: owner().queryKey });
  };
  return (
    <Flex vertical gap={16} data-testid="operations">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {title}
        </Typography.Title>
        <Button onClick={refresh} data-testid="operations-refresh">
          {t('operations.refresh')}
        </Button>
      </Flex>
      <ProcessesSection />
      <JobsSection />
      <JwnetSection />
      <MailSection />
    </Flex>
  );
}
