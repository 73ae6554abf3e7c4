import type { MarkConflict } from '@junkan/shared/api/drivers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVER_OFFICE_KEY } from './keys';

/** GET /trans/driver-marks/conflicts: drivers' records waiting for the office, with each stop as it is now. */
export const getMarkConflicts = () => api.get<MarkConflict[]>('/trans/driver-marks/conflicts');

export const markConflictsQueryOptions = () =>
  queryOptions({ queryKey: [...DRIVER_OFFICE_KEY, 'conflicts'], queryFn: getMarkConflicts });

export const useMarkConflicts = (enabled: boolean) => useQuery({ ...markConflictsQueryOptions(), enabled });
