import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sendMultipart } from '../../../lib/multipart';
import { refreshOnConflict } from './invoice-detail';
import { INVOICES_KEY } from './keys';

export type InvoiceCommand =
  | { kind: 'send' }
  | { kind: 'resend'; mail: 'ATTACHMENT_MAIL' | 'PAYMENT_NOTICE_MAIL' }
  | { kind: 'paid'; settlementDate: string }
  | { kind: 'correct'; form: FormData };

/** The transporter's actions on one invoice: send, resend, mark paid (POST /trans/invoices/{id}/...), correct. */
export function runInvoiceCommand(id: number, command: InvoiceCommand): Promise<InvoiceDetail> {
  switch (command.kind) {
    case 'send':
      return api.post<InvoiceDetail>(`/trans/invoices/${id}/send`);
    case 'resend':
      return api.post<InvoiceDetail>(`/trans/invoices/${id}/resend`, { kind: command.mail });
    case 'paid':
      return api.post<InvoiceDetail>(`/trans/invoices/${id}/paid`, {
        settlementDate: command.settlementDate,
      });
    case 'correct':
      return sendMultipart<InvoiceDetail>('POST', `/trans/invoices/${id}/corrections`, command.form);
  }
}

export function useInvoiceCommand(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: InvoiceCommand) => runInvoiceCommand(id, command),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
    // Paid or corrected in another tab meanwhile: the page shows the invoice as it now is.
    onError: (error) => refreshOnConflict(queryClient, error),
  });
}
