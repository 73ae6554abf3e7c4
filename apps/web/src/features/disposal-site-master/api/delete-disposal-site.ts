import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DISPOSAL_SITES_KEY } from '../../../lib/reference-data/disposal-sites';

/** DELETE /disposal-site-master/{id}: refused (409 in_use_cannot_delete) while an operator names it. */
export const deleteDisposalSite = (id: number) =>
  api.delete<{ result: boolean }>(`/disposal-site-master/${id}`);

export function useDeleteDisposalSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDisposalSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISPOSAL_SITES_KEY }),
  });
}
