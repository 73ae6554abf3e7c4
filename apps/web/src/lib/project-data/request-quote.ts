import type { ProjectDetail } from '@junkan/shared/api/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { applyProjectChange } from './project-detail';

/** POST /projects/{id}/request-quote: sends a draft to the transporters. */
export const requestQuote = (id: number) => api.post<ProjectDetail>(`/projects/${id}/request-quote`);

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => requestQuote(id),
    onSuccess: (detail) => {
      void applyProjectChange(queryClient, detail.id, detail);
    },
  });
}
