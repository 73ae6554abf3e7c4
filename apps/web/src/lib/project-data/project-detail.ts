import type { ProjectDetail } from '@junkan/shared/api/projects';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { PROJECT_LISTS_KEY } from './project-list';

/** GET /projects/{id}: the project as the signed-in side may see it. */
export const getProjectDetail = (id: number) => api.get<ProjectDetail>(`/projects/${id}`);

export const projectDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['project', id],
    queryFn: () => getProjectDetail(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useProjectDetail = (id: number) => useQuery(projectDetailQueryOptions(id));

/** A write that answers the project: its detail is replaced in place and every project list refetches. */
export function applyProjectChange(queryClient: QueryClient, id: number, detail: ProjectDetail) {
  queryClient.setQueryData(projectDetailQueryOptions(id).queryKey, detail);
  return queryClient.invalidateQueries({ queryKey: PROJECT_LISTS_KEY });
}

/** A write whose answer is not the whole project (the draft and then its files): refetch its detail and lists. */
export const refreshProject = (queryClient: QueryClient, id: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: projectDetailQueryOptions(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: PROJECT_LISTS_KEY }),
  ]);
