import type { DisposalSite, DisposalSiteInput } from '@junkan/shared/api/disposal-sites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DISPOSAL_SITES_KEY } from '../../../lib/reference-data/disposal-sites';

/** PUT /disposal-site-master/{id}. */
export const updateDisposalSite = (id: number, body: DisposalSiteInput) =>
  api.put<DisposalSite>(`/disposal-site-master/${id}`, body);

export function useUpdateDisposalSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DisposalSiteInput }) => updateDisposalSite(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISPOSAL_SITES_KEY }),
  });
}
