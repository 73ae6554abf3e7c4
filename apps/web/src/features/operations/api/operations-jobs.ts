import type { JobListResponse } from '@junkan/shared/api/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /admin/jobs: each scheduled job with its schedule, last and next run (business time) and recent failures. */
export const fetchOperationsJobs = () => api.get<JobListResponse>('/admin/jobs');

export const operationsJobsQueryOptions = () =>
  queryOptions({ queryKey: ['operations', 'jobs'], queryFn: fetchOperationsJobs });

export const useOperationsJobs = () => useQuery(operationsJobsQueryOptions());
