import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { operationsMailQueryOptions } from './operations-mail';

/** POST /admin/operations/mail/{id}/resend. Refusal: operations_not_resendable (409). */
export const resendOperationsMail = (id: number) =>
  api.post<{ id: number }>(`/admin/operations/mail/${id}/resend`);

export function useResendOperationsMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendOperationsMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsMailQueryOptions().queryKey }),
  });
}
