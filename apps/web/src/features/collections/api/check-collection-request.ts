import type { CollectionPreview, CollectionRequestInput } from '@junkan/shared/api/collections';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /collection-requests/check: the server's checks and the collections the request would make; nothing saved. */
export const checkCollectionRequest = (body: CollectionRequestInput) =>
  api.post<CollectionPreview>('/collection-requests/check', body);

export const useCheckCollectionRequest = () => useMutation({ mutationFn: checkCollectionRequest });
