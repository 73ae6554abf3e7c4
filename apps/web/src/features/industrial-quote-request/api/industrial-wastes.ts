import type { WasteItem } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /waste?category=INDUSTRIAL: the classifications, in tree order (masters change rarely). */
export const industrialWastesQueryOptions = () =>
  queryOptions({
    queryKey: ['waste', 'INDUSTRIAL'],
    queryFn: () => api.get<WasteItem[]>('/waste', { category: 'INDUSTRIAL' }),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export const useIndustrialWastes = () => useQuery(industrialWastesQueryOptions());
