import type { PackingStyle } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /packing-master. */
export const packingStylesQueryOptions = () =>
  queryOptions({
    queryKey: ['packing-master'],
    queryFn: () => api.get<PackingStyle[]>('/packing-master'),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export const usePackingStyles = () => useQuery(packingStylesQueryOptions());
