import type { CollectionSummary } from '@junkan/shared/api/collections';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTIONS_KEY, rolePath } from './keys';

/** Both sides' schedule lists; a write to a collection invalidates them through this key. */
export const COLLECTION_LISTS_KEY = [...COLLECTIONS_KEY, 'list'] as const;

type ListQuery = Record<string, string | number>;

/** GET /collections (discharger) or /trans/collections (transporter, with the header's companyId): ≤ 93 days. */
export const getCollectionList = (isTransport: boolean, query: ListQuery) =>
  api.get<CollectionSummary[]>(rolePath(isTransport, '/collections'), query);

export const collectionListQueryOptions = (isTransport: boolean, query: ListQuery) =>
  queryOptions({
    queryKey: [...COLLECTION_LISTS_KEY, isTransport ? 'trans' : 'waste', query],
    queryFn: () => getCollectionList(isTransport, query),
    // The calendar keeps the last month while the next loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useCollectionList = (isTransport: boolean, query: ListQuery) =>
  useQuery(collectionListQueryOptions(isTransport, query));
