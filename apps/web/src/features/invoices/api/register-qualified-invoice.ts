import type { InvoiceListItem } from '@junkan/shared/api/invoices';
import type { QualifiedInvoicePdfRequest } from '@junkan/shared/api/qualified-invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { INVOICES_KEY } from './keys';

/** POST /trans/qualified-invoices: the server generates the PDF again and registers it as an UNCLAIMED invoice. */
export function useRegisterQualifiedInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QualifiedInvoicePdfRequest) =>
      api.post<InvoiceListItem>('/trans/qualified-invoices', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}
