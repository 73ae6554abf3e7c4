import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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

/** GET .../invoices/{id}/files/{fileId}: one of the invoice's files, as a download. */
export const downloadInvoiceFile = (
  isTransport: boolean,
  id: number,
  file: { id: number; fileName: string },
) => downloadFile(rolePath(isTransport, `/invoices/${id}/files/${file.id}`), file.fileName);
