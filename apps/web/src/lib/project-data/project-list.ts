import type { ProjectHome, ProjectListQuery, ProjectPage } from '@junkan/shared/api/projects';
import type { ProjectListTab } from '@junkan/shared/project-status';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import type { CompanyFilter } from '../company-filter';

/** A list call's query: always a tab, and for a transporter the header's company selector. */
export type ProjectListRequest = ProjectListQuery & { tab: ProjectListTab; companyId?: CompanyFilter };

/**
 * Every project list (the list screen's pages, the home table, the report dialog's choices) sits under this
 * key: a write to a project invalidates it once and every table shows the new state.
 */
export const PROJECT_LISTS_KEY = ['projects'] as const;

/** GET /projects (discharger) or /trans/projects (transporter, with the header's companyId): one page. */
export const projectListQueryOptions = (isTransport: boolean, query: ProjectListRequest) =>
  queryOptions({
    queryKey: [...PROJECT_LISTS_KEY, isTransport ? 'trans' : 'waste', 'list', query],
    queryFn: () => api.get<ProjectPage>(isTransport ? '/trans/projects' : '/projects', query),
    // The table keeps the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useProjectList = (isTransport: boolean, query: ProjectListRequest) =>
  useQuery(projectListQueryOptions(isTransport, query));

/**
 * The home table (GET /projects/home or /trans/projects/home): the newest rows and the tab counts only.
 * Dischargers see their own; transporters follow the header's company selector.
 */
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
        ? api.get<ProjectHome>('/trans/projects/home', { companyId: args.companyId })
        : api.get<ProjectHome>('/projects/home'),
  });
