import type { AccountInfoResponse } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /users/info: the discharger's offices and discharge sites to choose from. */
export const dischargerInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['account-info', 'waste'],
    queryFn: () => api.get<AccountInfoResponse>('/users/info'),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export const useDischargerInfo = () => useQuery(dischargerInfoQueryOptions());
