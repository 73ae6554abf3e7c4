import type { DisposalMethod } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /disposal-method: the master (open to every signed-in user), to name a report's disposal method. */
export const getDisposalMethods = () => api.get<DisposalMethod[]>('/disposal-method');

export const disposalMethodsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['disposal-method', 'list'],
    queryFn: getDisposalMethods,
    enabled,
    staleTime: 5 * 60_000,
  });

export const useDisposalMethods = (enabled: boolean) => useQuery(disposalMethodsQueryOptions(enabled));
