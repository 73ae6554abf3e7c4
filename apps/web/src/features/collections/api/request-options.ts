import type { CollectionRequestOption } from '@junkan/shared/api/collections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /collection-requests/options: the discharger's projects in progress, with their contract's frame. */
export const getRequestOptions = () => api.get<CollectionRequestOption[]>('/collection-requests/options');

export const requestOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['collection-request-options'], queryFn: getRequestOptions });

export const useRequestOptions = () => useQuery(requestOptionsQueryOptions());
