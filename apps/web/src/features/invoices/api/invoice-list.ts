import type { Page } from '@junkan/shared/api/common';
import type { InvoiceListItem } from '@junkan/shared/api/invoices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { INVOICES_KEY, rolePath } from './keys';

type ListQuery = Record<string, string | number>;

/** GET /invoices (discharger) or /trans/invoices (transporter): current versions, one page. */
export const getInvoiceList = (isTransport: boolean, query: ListQuery) =>
  api.get<Page<InvoiceListItem>>(rolePath(isTransport, '/invoices'), query);

export const invoiceListQueryOptions = (isTransport: boolean, query: ListQuery) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'list', isTransport ? 'trans' : 'waste', query],
    queryFn: () => getInvoiceList(isTransport, query),
    // The table keeps the last page while the next loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useInvoiceList = (isTransport: boolean, query: ListQuery) =>
  useQuery(invoiceListQueryOptions(isTransport, query));
