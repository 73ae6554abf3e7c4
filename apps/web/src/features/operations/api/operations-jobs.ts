import type { OperationsJob } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /admin/operations/jobs: the job engine's queues, schedules, last runs and failures. */
export const fetchOperationsJobs = () => api.get<OperationsJob[]>('/admin/operations/jobs');

export const operationsJobsQueryOptions = () =>
  queryOptions({ queryKey: ['operations', 'jobs'], queryFn: fetchOperationsJobs });

export const useOperationsJobs = () => useQuery(operationsJobsQueryOptions());
