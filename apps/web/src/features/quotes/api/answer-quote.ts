import type { ProjectDetail } from '@junkan/shared/api/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyProjectChange } from '../../../lib/project-data/project-detail';

/** POST /projects/{id}/accept-quote: the discharger approves the quote. */
export const acceptQuote = (id: number) => api.post<ProjectDetail>(`/projects/${id}/accept-quote`);

/** POST /projects/{id}/request-requote: the discharger asks for a new quote, with a reason. */
export const requestRequote = (id: number, reason: string) =>
  api.post<ProjectDetail>(`/projects/${id}/request-requote`, { reason });

function useAnswer<A>(id: number, call: (arg: A) => Promise<ProjectDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      void applyProjectChange(queryClient, id, detail);
    },
  });
}

export const useAcceptQuote = (id: number) => useAnswer<void>(id, () => acceptQuote(id));
export const useRequestRequote = (id: number) =>
  useAnswer<string>(id, (reason: string) => requestRequote(id, reason));
