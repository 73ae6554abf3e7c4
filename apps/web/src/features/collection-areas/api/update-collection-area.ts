import type { CollectionArea, CollectionAreaRequest } from '@junkan/shared/api/collection-areas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTION_AREA_KEY } from './keys';

/** PUT /collection-area/{id}: replaces fields, postal codes and prices (price rows sent with their id keep it). */
export const updateCollectionArea = (id: number, body: CollectionAreaRequest) =>
  api.put<CollectionArea>(`/collection-area/${id}`, body);

export function useUpdateCollectionArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CollectionAreaRequest }) => updateCollectionArea(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLECTION_AREA_KEY }),
  });
}
