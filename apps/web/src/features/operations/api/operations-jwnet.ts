import type { OperationsJwnetResponse } from '@junkan/shared/api/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /admin/operations/jwnet: the manifest-network requests waiting and those the network refused. */
export const fetchOperationsJwnet = () => api.get<OperationsJwnetResponse>('/admin/operations/jwnet');

export const operationsJwnetQueryOptions = () =>
  queryOptions({ queryKey: ['operations', 'jwnet'], queryFn: fetchOperationsJwnet });

export const useOperationsJwnet = () => useQuery(operationsJwnetQueryOptions());
