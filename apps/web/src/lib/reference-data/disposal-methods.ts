import type { DisposalMethod } from '@junkan/shared/api/code-masters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { REFERENCE_STALE_TIME } from './unit-measures';

/** GET /disposal-method: the master (open to every signed-in user). Its master screen's writes refresh this key. */
export const getDisposalMethods = () => api.get<DisposalMethod[]>('/disposal-method');

export const disposalMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['disposal-method'],
    queryFn: getDisposalMethods,
    staleTime: REFERENCE_STALE_TIME,
    refetchOnWindowFocus: false,
  });

export const useDisposalMethods = (enabled = true) => useQuery({ ...disposalMethodsQueryOptions(), enabled });
