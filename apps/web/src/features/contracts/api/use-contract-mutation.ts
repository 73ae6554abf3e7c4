import type { ProjectDetail } from '@junkan/shared/api/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyProjectChange } from '../../../lib/project-data/project-detail';
import { CONTRACT_LISTS_KEY } from './contract-list';

/** A contract call that answers the project: the detail is updated in place and the lists refetch. */
export function useContractMutation<A, R extends ProjectDetail = ProjectDetail>(
  id: number,
  call: (arg: A) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      void queryClient.invalidateQueries({ queryKey: CONTRACT_LISTS_KEY });
      void applyProjectChange(queryClient, id, detail);
    },
  });
}
