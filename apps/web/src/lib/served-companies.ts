import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export interface ServedCompany {
  id: number;
  name: string;
}

/** GET /trans/companies: the companies a transporter serves (the header's company selector), per user. */
export const servedCompaniesQueryOptions = (userId: number | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['trans-companies', userId],
    queryFn: () => api.get<ServedCompany[]>('/trans/companies'),
    enabled,
  });
