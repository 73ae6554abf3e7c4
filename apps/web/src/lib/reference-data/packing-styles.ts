import type { PackingStyle } from '@junkan/shared/api/code-masters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { REFERENCE_STALE_TIME } from './unit-measures';

/** GET /packing-master: every packing style. The packaging master's writes refresh it through this key. */
export const getPackingStyles = () => api.get<PackingStyle[]>('/packing-master');

export const packingStylesQueryOptions = () =>
  queryOptions({
    queryKey: ['packing-master'],
    queryFn: getPackingStyles,
    staleTime: REFERENCE_STALE_TIME,
    refetchOnWindowFocus: false,
  });

export const usePackingStyles = () => useQuery(packingStylesQueryOptions());
