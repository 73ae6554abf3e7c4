import type { ProjectListItem, ProjectListTab } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /projects?tab= (discharger) or /trans/projects?tab= (transporter). */
export const projectListQueryOptions = (isTransport: boolean, tab: ProjectListTab) =>
  queryOptions({
    queryKey: ['projects', isTransport ? 'trans' : 'waste', tab],
    queryFn: () =>
      isTransport
        ? api.get<ProjectListItem[]>('/trans/projects', { companyId: 'ALL', tab })
        : api.get<ProjectListItem[]>('/projects', { tab }),
  });

export const useProjectList = (isTransport: boolean, tab: ProjectListTab) =>
  useQuery(projectListQueryOptions(isTransport, tab));
