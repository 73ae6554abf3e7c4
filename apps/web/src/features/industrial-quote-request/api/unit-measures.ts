import type { UnitMeasure } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /unit-measure. */
export const unitMeasuresQueryOptions = () =>
  queryOptions({
    queryKey: ['unit-measure'],
    queryFn: () => api.get<UnitMeasure[]>('/unit-measure'),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export const useUnitMeasures = () => useQuery(unitMeasuresQueryOptions());
