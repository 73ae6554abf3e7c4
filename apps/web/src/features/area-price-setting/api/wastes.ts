import type { CollectionAreaType, WasteItem } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /waste?category=: the wastes of the area's type, in tree order (open to any signed-in user). */
export const fetchWastesOfCategory = (category: CollectionAreaType) =>
  api.get<WasteItem[]>('/waste', { category });

export const wastesOfCategoryQueryOptions = (category: CollectionAreaType) =>
  queryOptions({
    queryKey: ['waste', 'list', category],
    queryFn: () => fetchWastesOfCategory(category),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const useWastesOfCategory = (category: CollectionAreaType) =>
  useQuery(wastesOfCategoryQueryOptions(category));
