import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-attachment';
import { INVOICES_KEY, rolePath } from './keys';

/** GET /invoices/{id} or /trans/invoices/{id}. */
export const getInvoiceDetail = (isTransport: boolean, id: number) =>
  api.get<InvoiceDetail>(rolePath(isTransport, `/invoices/${id}`));

export const invoiceDetailQueryOptions = (isTransport: boolean, id: number) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'detail', isTransport ? 'trans' : 'waste', id],
    queryFn: () => getInvoiceDetail(isTransport, id),
    enabled: id > 0,
  });

export const useInvoiceDetail = (isTransport: boolean, id: number) =>
  useQuery(invoiceDetailQueryOptions(isTransport, id));

/**
 * After a refusal because the invoice changed meanwhile (409: paid in another tab, corrected, a card payment under
 * way), its list and details are read again, so the page shows it as it now stands and offers what it now allows.
 * Answers whether the refusal was one.
 */
export function refreshOnConflict(queryClient: QueryClient, error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  void queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
  return true;
}

/** GET .../invoices/{id}/files/{fileId}: one of the invoice's files, as a download. */
export const downloadInvoiceFile = (
  isTransport: boolean,
  id: number,
  file: { id: number; fileName: string },
) => downloadFile(rolePath(isTransport, `/invoices/${id}/files/${file.id}`), file.fileName);
