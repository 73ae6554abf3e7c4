import type { ProjectDetail } from '@junkan/shared/api/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyProjectChange } from '../../../lib/project-data/project-detail';

/** POST /projects/{id}/cancel with an optional reason. */
export const cancelProject = (id: number, reason?: string) =>
  api.post<ProjectDetail>(`/projects/${id}/cancel`, { reason: reason || undefined });

export function useCancelProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason?: string) => cancelProject(id, reason),
    onSuccess: (detail) => {
      void applyProjectChange(queryClient, id, detail);
    },
  });
}
