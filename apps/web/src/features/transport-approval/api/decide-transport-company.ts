import type { TransportRejectRequest } from '@junkan/shared/api/transport-approval';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TRANSPORT_APPROVAL_KEY } from './transport-companies';

/** POST /admin/transport-companies/{id}/approve. Refusal: approval_already_decided (409). */
export const approveTransportCompany = (companyId: number) =>
  api.post<{ result: boolean }>(`/admin/transport-companies/${companyId}/approve`);

/** POST /admin/transport-companies/{id}/reject with the reason mailed to the company. */
export const rejectTransportCompany = (companyId: number, body: TransportRejectRequest) =>
  api.post<{ result: boolean }>(`/admin/transport-companies/${companyId}/reject`, body);

/** Approves (no reason) or rejects (with one); every list of the page refreshes either way. */
export function useDecideTransportCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, reason }: { companyId: number; reason?: string }) =>
      reason === undefined
        ? approveTransportCompany(companyId)
        : rejectTransportCompany(companyId, { reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRANSPORT_APPROVAL_KEY }),
  });
}
