import type { JobRunDto } from '@junkan/shared/api/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { operationsJobsQueryOptions } from './operations-jobs';

/** POST /admin/jobs/{name}/run: one run queued now (409 job_already_running while one is queued or going). */
export const runOperationsJob = (name: string) =>
  api.post<{ run: JobRunDto }>(`/admin/jobs/${encodeURIComponent(name)}/run`);

export function useRunOperationsJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runOperationsJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsJobsQueryOptions().queryKey }),
  });
}
