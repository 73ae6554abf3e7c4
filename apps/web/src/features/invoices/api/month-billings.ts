import type { MonthBilling } from '@junkan/shared/invoice-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { INVOICES_KEY } from './keys';

/**
 * GET /trans/invoices/month-billings: the project's current invoices and the months they bill, for the register
 * screen's warning before sending. Under INVOICES_KEY, so a registration or a correction refreshes it.
 */
export const monthBillingsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'month-billings', projectId],
    queryFn: () => api.get<MonthBilling[]>('/trans/invoices/month-billings', { projectId }),
  });

export const useMonthBillings = (projectId: number | undefined) =>
  useQuery({ ...monthBillingsQueryOptions(projectId ?? 0), enabled: projectId !== undefined });
