import type { ProjectDetail, QuoteRequestInput } from '@junkan/shared/api/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyProjectChange } from '../../../lib/project-data/project-detail';

/** POST /projects (new draft) or PUT /projects/{id} (update a draft). */
export const saveQuoteRequest = (id: number | null, body: QuoteRequestInput) =>
  id ? api.put<ProjectDetail>(`/projects/${id}`, body) : api.post<ProjectDetail>('/projects', body);

export function useSaveQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QuoteRequestInput }) => saveQuoteRequest(id, body),
    onSuccess: (detail) => {
      void applyProjectChange(queryClient, detail.id, detail);
    },
  });
}
