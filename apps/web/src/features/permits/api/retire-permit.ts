import type { Permit } from '@junkan/shared/api/permits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PERMITS_KEY } from '../../../lib/permit-data/keys';

/** POST /trans/permits/{id}/retire: kept, no longer usable. */
export const retirePermit = (id: number) => api.post<Permit>(`/trans/permits/${id}/retire`);

export function useRetirePermit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retirePermit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PERMITS_KEY }),
  });
}
