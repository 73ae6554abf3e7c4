import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchFileBlob } from './download-attachment';

/**
 * GET /collections/{id}/proofs/{proofId}/photo (the discharger) or /trans/collections/... (the transporter): the
 * photo a driver took with a record. The collection's detail and the office's conflicts both show it, so its
 * one owner sits here. A stored photo never changes: it is fetched once per session.
 */
export const proofPhotoQueryOptions = (isTransport: boolean, collectionId: number, proofId: number) =>
  queryOptions({
    queryKey: ['proof-photo', isTransport ? 'trans' : 'waste', collectionId, proofId],
    queryFn: () =>
      fetchFileBlob(`${isTransport ? '/trans' : ''}/collections/${collectionId}/proofs/${proofId}/photo`),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useProofPhoto = (isTransport: boolean, collectionId: number, proofId: number) =>
  useQuery(proofPhotoQueryOptions(isTransport, collectionId, proofId));
