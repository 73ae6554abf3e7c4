import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectDetailQueryOptions } from '../../../lib/project-data/project-detail';
import { projectAttachmentsQueryKey } from './project-attachments';

/** DELETE /projects/{id}/attachments/{attachmentId} (a draft's file). */
export const deleteAttachment = (projectId: number, attachmentId: number) =>
  api.delete<{ result: boolean }>(`/projects/${projectId}/attachments/${attachmentId}`);

export function useDeleteAttachment(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: number) => deleteAttachment(projectId, attachmentId),
    // The project's detail carries its files too (the confirm step lists them).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectAttachmentsQueryKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectDetailQueryOptions(projectId).queryKey }),
      ]),
  });
}
