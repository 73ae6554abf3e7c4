import type { WasteItem } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /waste: every waste classification in tree order (open to any signed-in user). */
export const fetchWastes = () => api.get<WasteItem[]>('/waste');

export const wastesQueryOptions = () =>
  queryOptions({ queryKey: ['waste', 'list', 'all'], queryFn: fetchWastes, staleTime: 5 * 60_000 });

export const useWastes = () => useQuery(wastesQueryOptions());
