import type { OperationsProcess } from '@junkan/shared/api/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /admin/operations/processes: the server processes heard from within the last minute. */
export const fetchOperationsProcesses = () => api.get<OperationsProcess[]>('/admin/operations/processes');

export const operationsProcessesQueryOptions = () =>
  queryOptions({ queryKey: ['operations', 'processes'], queryFn: fetchOperationsProcesses });

export const useOperationsProcesses = () => useQuery(operationsProcessesQueryOptions());
