import type { WasteItem } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /waste?category=REGULAR: the regular garbage categories (burnable, bottles/cans/PET, others, cardboard). */
export const regularWastesQueryOptions = () =>
  queryOptions({
    queryKey: ['waste', 'REGULAR'],
    queryFn: () => api.get<WasteItem[]>('/waste', { category: 'REGULAR' }),
    staleTime: 5 * 60_000,
  });

export const useRegularWastes = () => useQuery(regularWastesQueryOptions());
