import type { CollectionArea, CollectionAreaType } from '@junkan/shared/api/collection-areas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTION_AREA_KEY } from './keys';

/** GET /collection-area?type=: the company's areas of a type, with postal codes and prices. */
export const fetchCollectionAreas = (type: CollectionAreaType) =>
  api.get<CollectionArea[]>('/collection-area', { type });

export const collectionAreasQueryOptions = (type: CollectionAreaType) =>
  queryOptions({
    queryKey: [...COLLECTION_AREA_KEY, 'list', type],
    queryFn: () => fetchCollectionAreas(type),
  });

export const useCollectionAreas = (type: CollectionAreaType) => useQuery(collectionAreasQueryOptions(type));
