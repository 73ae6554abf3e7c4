import type { UnitMeasure } from '@junkan/shared/api/code-masters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** Masters change rarely; a write invalidates them explicitly, so a long stale time is safe. */
export const REFERENCE_STALE_TIME = 5 * 60_000;

/** GET /unit-measure: every unit (open to any signed-in user). The unit master's writes refresh it through this key. */
export const getUnitMeasures = () => api.get<UnitMeasure[]>('/unit-measure');

export const unitMeasuresQueryOptions = () =>
  queryOptions({
    queryKey: ['unit-measure'],
    queryFn: getUnitMeasures,
    staleTime: REFERENCE_STALE_TIME,
    refetchOnWindowFocus: false,
  });

export const useUnitMeasures = () => useQuery(unitMeasuresQueryOptions());
