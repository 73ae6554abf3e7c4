import type { ContractListItem } from '@junkan/shared/api/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Both sides' contract lists; a contract write invalidates them through this key. */
export const CONTRACT_LISTS_KEY = ['contracts'] as const;

/** GET /contracts (discharger) or /trans/contracts (transporter): one row per project with a contract. */
export const contractListQueryOptions = (isTransport: boolean) =>
  queryOptions({
    queryKey: [...CONTRACT_LISTS_KEY, isTransport ? 'trans' : 'waste'],
    queryFn: () => api.get<ContractListItem[]>(isTransport ? '/trans/contracts' : '/contracts'),
  });

export const useContractList = (isTransport: boolean) => useQuery(contractListQueryOptions(isTransport));
