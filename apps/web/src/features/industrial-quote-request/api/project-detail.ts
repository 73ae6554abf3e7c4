import type { ProjectDetail } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /projects/{id}: the upload page reads the project's status and title from it. */
export const projectDetailQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['project-detail', projectId],
    queryFn: () => api.get<ProjectDetail>(`/projects/${projectId}`),
    enabled: projectId > 0,
  });

export const useProjectDetail = (projectId: number) => useQuery(projectDetailQueryOptions(projectId));
