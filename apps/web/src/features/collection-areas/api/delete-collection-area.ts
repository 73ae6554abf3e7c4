import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTION_AREA_KEY } from './keys';

/** DELETE /collection-area/{id}: the area with its postal codes and prices. */
export const deleteCollectionArea = (id: number) => api.delete<{ result: boolean }>(`/collection-area/${id}`);

export function useDeleteCollectionArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollectionArea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLECTION_AREA_KEY }),
  });
}
