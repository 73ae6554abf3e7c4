import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { operationsJwnetQueryOptions } from './operations-jwnet';

/** POST /admin/operations/jwnet/{id}/resend. Refusal: operations_not_resendable (409). */
export const resendOperationsJwnet = (id: number) =>
  api.post<{ id: number }>(`/admin/operations/jwnet/${id}/resend`);

export function useResendOperationsJwnet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendOperationsJwnet,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsJwnetQueryOptions().queryKey }),
  });
}
