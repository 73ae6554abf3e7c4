import type { CollectionArea, CollectionAreaRequest } from '@junkan/shared/api/collection-areas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTION_AREA_KEY } from './keys';

/**
 * POST /collection-area. Refusals: area_name_already_used, pos_code_already_used, license_already_used,
 * period_overlap (409) and invalid_period (400), each with the field it belongs to.
 */
export const createCollectionArea = (body: CollectionAreaRequest) =>
  api.post<CollectionArea>('/collection-area', body);

export function useCreateCollectionArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollectionArea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLECTION_AREA_KEY }),
  });
}
