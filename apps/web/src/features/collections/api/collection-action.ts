import type { collectionActionResultSchema } from '@junkan/shared/api/collections';
import type { CollectionAction } from '@junkan/shared/collection-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { refreshProject } from '../../../lib/project-data/project-detail';
import { REPORT_DEADLINES_KEY } from '../../../lib/report-data/report-deadlines';
import { ACTION_FORM, type ActionBody, actionPath } from '../collection-labels';
import { collectionDetailQueryOptions } from './collection-detail';
import { COLLECTION_LISTS_KEY } from './collection-list';

export type CollectionActionResult = z.infer<typeof collectionActionResultSchema>;

/**
 * POST /trans/collections/{id}/confirm | propose | return | collected | not-collected and
 * /collections/{id}/accept-proposal | ask-again | cancel: one call per action, its path in ACTION_FORM.
 */
export const runCollectionAction = (id: number, action: CollectionAction, body: ActionBody) =>
  api.post<CollectionActionResult>(actionPath(action, id), body);

/**
 * An action on a collection: the lists, the collection's detail and the report deadlines refetch; a spot
 * collection's cancel cancelled its project too, which is refreshed through its owner.
 */
export function useCollectionAction(id: number, projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: CollectionAction; body: ActionBody }) =>
      runCollectionAction(id, action, body),
    onSuccess: (result, { action }) => {
      const isTransport = ACTION_FORM[action].side === 'TRANSPORT';
      void queryClient.invalidateQueries({ queryKey: COLLECTION_LISTS_KEY });
      // A collection marked collected (or no longer) joins or leaves the report deadlines.
      void queryClient.invalidateQueries({ queryKey: REPORT_DEADLINES_KEY });
      void queryClient.invalidateQueries({
        queryKey: collectionDetailQueryOptions(isTransport, id).queryKey,
      });
      if (result.projectCancelled) void refreshProject(queryClient, projectId);
    },
  });
}
