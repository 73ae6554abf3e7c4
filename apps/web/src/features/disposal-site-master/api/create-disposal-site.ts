import type { DisposalSite, DisposalSiteInput } from '@junkan/shared/api/disposal-sites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DISPOSAL_SITES_KEY } from '../../../lib/reference-data/disposal-sites';

/** POST /disposal-site-master: the server numbers the code. */
export const createDisposalSite = (body: DisposalSiteInput) =>
  api.post<DisposalSite>('/disposal-site-master', body);

export function useCreateDisposalSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDisposalSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISPOSAL_SITES_KEY }),
  });
}
