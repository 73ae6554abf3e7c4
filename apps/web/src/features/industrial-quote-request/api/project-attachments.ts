import type { Attachment } from '@junkan/shared/api/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const projectAttachmentsQueryKey = (projectId: number) => ['project-attachments', projectId] as const;

/** GET /projects/{id}/attachments: the files of a quote request. */
export const projectAttachmentsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectAttachmentsQueryKey(projectId),
    queryFn: () => api.get<Attachment[]>(`/projects/${projectId}/attachments`),
    enabled: projectId > 0,
  });

export const useProjectAttachments = (projectId: number) =>
  useQuery(projectAttachmentsQueryOptions(projectId));
