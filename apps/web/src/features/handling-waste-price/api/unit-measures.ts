import type { UnitMeasure } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /unit-measure: every unit (open to any signed-in user). */
export const fetchUnitMeasures = () => api.get<UnitMeasure[]>('/unit-measure');

export const unitMeasuresQueryOptions = () =>
  queryOptions({ queryKey: ['unit-measure', 'list'], queryFn: fetchUnitMeasures, staleTime: 5 * 60_000 });

export const useUnitMeasures = () => useQuery(unitMeasuresQueryOptions());
