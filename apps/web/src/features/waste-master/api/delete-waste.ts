import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WASTES_KEY } from '../../../lib/reference-data/wastes';

/** DELETE /waste/{id}: refused (409 in_use_cannot_delete) while it has children or prices use it. */
export const deleteWaste = (id: number) => api.delete<{ result: boolean }>(`/waste/${id}`);

export function useDeleteWaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWaste,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WASTES_KEY }),
  });
}
