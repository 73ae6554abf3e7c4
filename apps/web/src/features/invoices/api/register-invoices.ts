import type { InvoiceListItem } from '@junkan/shared/api/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMultipart } from '../../../lib/multipart';
import { INVOICES_KEY } from './keys';

/** POST /trans/invoices: the registration as built by `registrationFormData`. */
export const registerInvoices = (form: FormData) =>
  sendMultipart<InvoiceListItem[]>('POST', '/trans/invoices', form);

export function useRegisterInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerInvoices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}
