import type { CollectionDetail } from '@junkan/shared/api/collections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTIONS_KEY, rolePath } from './keys';

/** GET /collections/{id} or /trans/collections/{id}: the collection, what the caller may do, its history. */
export const getCollectionDetail = (isTransport: boolean, id: number) =>
  api.get<CollectionDetail>(rolePath(isTransport, `/collections/${id}`));

export const collectionDetailQueryOptions = (isTransport: boolean, id: number) =>
  queryOptions({
    queryKey: [...COLLECTIONS_KEY, 'detail', isTransport ? 'trans' : 'waste', id],
    queryFn: () => getCollectionDetail(isTransport, id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useCollectionDetail = (isTransport: boolean, id: number) =>
  useQuery(collectionDetailQueryOptions(isTransport, id));
