import type { ProjectListItem, ProjectListTab } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CompanyFilter } from '../../../lib/company-filter';

/**
 * Every project list (the list screen's tabs and the home table) sits under this key: a write to a project
 * invalidates it once and every table shows the new state.
 */
export const PROJECT_LISTS_KEY = ['projects'] as const;

/** GET /projects?tab= (discharger) or /trans/projects?tab= (transporter). */
export const projectListQueryOptions = (isTransport: boolean, tab: ProjectListTab) =>
  queryOptions({
    queryKey: [...PROJECT_LISTS_KEY, isTransport ? 'trans' : 'waste', tab],
    queryFn: () =>
      isTransport
        ? api.get<ProjectListItem[]>('/trans/projects', { companyId: 'ALL', tab })
        : api.get<ProjectListItem[]>('/projects', { tab }),
  });

export const useProjectList = (isTransport: boolean, tab: ProjectListTab) =>
  useQuery(projectListQueryOptions(isTransport, tab));

/** The home table: dischargers see their own projects; transporters filter by the header's company selector. */
export const homeProjectsQueryOptions = (args: { isTransport: boolean; companyId: CompanyFilter }) =>
  queryOptions({
    queryKey: [
      ...PROJECT_LISTS_KEY,
      args.isTransport ? 'trans' : 'waste',
      'home',
      args.isTransport ? args.companyId : null,
    ],
    queryFn: () =>
      args.isTransport
        ? api.get<ProjectListItem[]>('/trans/projects', { companyId: args.companyId })
        : api.get<ProjectListItem[]>('/projects'),
  });
