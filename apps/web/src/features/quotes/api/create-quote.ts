import type { ProjectDetail } from '@junkan/shared/api/projects';
import type { CreateQuoteInput } from '@junkan/shared/api/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyProjectChange } from '../../../lib/project-data/project-detail';

/** POST /trans/projects/{id}/quotes: the transporter's quote (the project moves to COMPLETE_QUOTE). */
export const createQuote = (id: number, body: CreateQuoteInput) =>
  api.post<ProjectDetail>(`/trans/projects/${id}/quotes`, body);

export function useCreateQuote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuoteInput) => createQuote(id, body),
    onSuccess: (detail) => {
      void applyProjectChange(queryClient, id, detail);
    },
  });
}
