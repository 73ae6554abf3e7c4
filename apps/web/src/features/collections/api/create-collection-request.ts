import type { CollectionRequestInput, collectionRequestCreatedSchema } from '@junkan/shared/api/collections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { COLLECTION_LISTS_KEY } from './collection-list';

export type CollectionRequestCreated = z.infer<typeof collectionRequestCreatedSchema>;

/** POST /collection-requests: saves the request and its collections; the transporter is mailed. */
export const createCollectionRequest = (body: CollectionRequestInput) =>
  api.post<CollectionRequestCreated>('/collection-requests', body);

export const useCreateCollectionRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollectionRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLECTION_LISTS_KEY }),
  });
};
