import type { BillableProject } from '@junkan/shared/api/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { INVOICES_KEY } from './keys';

/** GET /trans/invoices/billable-projects: the projects the transporter may bill, with the contract's payment method. */
export const billableProjectsQueryOptions = () =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'billable-projects'],
    queryFn: () => api.get<BillableProject[]>('/trans/invoices/billable-projects'),
  });

export const useBillableProjects = (enabled: boolean) =>
  useQuery({ ...billableProjectsQueryOptions(), enabled });
