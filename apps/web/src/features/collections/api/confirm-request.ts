import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTIONS_KEY } from './keys';

/** POST /trans/collection-requests/{id}/confirm: the transporter confirms every desired date of a request. */
export const confirmCollectionRequest = (requestId: number) =>
  api.post<{ confirmed: number }>(`/trans/collection-requests/${requestId}/confirm`);

/** Many collections change at once: every list and detail refetches. */
export const useConfirmCollectionRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCollectionRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY }),
  });
};
