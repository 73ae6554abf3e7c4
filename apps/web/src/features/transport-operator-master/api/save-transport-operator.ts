import type { TransportOperator, TransportOperatorInput } from '@junkan/shared/api/transport-operators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TRANSPORT_OPERATORS_KEY } from './transport-operators';

/** PUT /admin/transport-operators/{companyId}: saves the profile. */
export const saveTransportOperator = (companyId: number, body: TransportOperatorInput) =>
  api.put<TransportOperator>(`/admin/transport-operators/${companyId}`, body);

export function useSaveTransportOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, body }: { companyId: number; body: TransportOperatorInput }) =>
      saveTransportOperator(companyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRANSPORT_OPERATORS_KEY }),
  });
}
