import type { ContractListItem } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /contracts (discharger) or /trans/contracts (transporter): one row per project with a contract. */
export const contractListQueryOptions = (isTransport: boolean) =>
  queryOptions({
    queryKey: ['contracts', isTransport ? 'trans' : 'waste'],
    queryFn: () => api.get<ContractListItem[]>(isTransport ? '/trans/contracts' : '/contracts'),
  });

export const useContractList = (isTransport: boolean) => useQuery(contractListQueryOptions(isTransport));
