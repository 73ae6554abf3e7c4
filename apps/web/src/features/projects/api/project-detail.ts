import type { ProjectDetail } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /projects/{id}: the project as the signed-in side may see it. */
export const getProjectDetail = (id: number) => api.get<ProjectDetail>(`/projects/${id}`);

export const projectDetailQueryKey = (id: number) => ['project', id] as const;

export const projectDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: projectDetailQueryKey(id),
    queryFn: () => getProjectDetail(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useProjectDetail = (id: number) => useQuery(projectDetailQueryOptions(id));
