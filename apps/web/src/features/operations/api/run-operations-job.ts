import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { operationsJobsQueryOptions } from './operations-jobs';

/** POST /admin/operations/jobs/{name}/run: one run queued now (false when one already waits). */
export const runOperationsJob = (name: string) =>
  api.post<{ queued: boolean }>(`/admin/operations/jobs/${encodeURIComponent(name)}/run`);

export function useRunOperationsJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runOperationsJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsJobsQueryOptions().queryKey }),
  });
}
