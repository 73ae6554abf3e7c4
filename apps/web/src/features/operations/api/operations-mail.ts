import type { OperationsMailResponse } from '@junkan/shared/api/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /admin/operations/mail: the mail backlog and the failed deliveries. */
export const fetchOperationsMail = () => api.get<OperationsMailResponse>('/admin/operations/mail');

export const operationsMailQueryOptions = () =>
  queryOptions({ queryKey: ['operations', 'mail'], queryFn: fetchOperationsMail });

export const useOperationsMail = () => useQuery(operationsMailQueryOptions());
