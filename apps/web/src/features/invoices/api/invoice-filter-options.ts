import type { InvoiceFilterOptions } from '@junkan/shared/api/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { INVOICES_KEY, rolePath } from './keys';

/** GET /invoices/filter-options or /trans/...: the counterparties and projects the list can filter by. */
export const invoiceFilterOptionsQueryOptions = (isTransport: boolean) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'filter-options', isTransport ? 'trans' : 'waste'],
    queryFn: () => api.get<InvoiceFilterOptions>(rolePath(isTransport, '/invoices/filter-options')),
  });

export const useInvoiceFilterOptions = (isTransport: boolean) =>
  useQuery(invoiceFilterOptionsQueryOptions(isTransport));
