import type { ProjectDetail } from '@junkan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectDetailQueryKey } from '../../projects/api/project-detail';

/** A contract call that answers the project: the detail is updated in place and the lists refetch. */
export function useContractMutation<A>(id: number, call: (arg: A) => Promise<ProjectDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      queryClient.setQueryData(projectDetailQueryKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: ['contracts'] });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: ['home-projects'] });
    },
  });
}
