import type { ProjectListItem } from '@junkan/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CompanyFilter } from '../../../lib/company-filter';

/** Dischargers see their own projects; transporters filter by the header's company selector. */
export const homeProjectsQueryOptions = (args: { isTransport: boolean; companyId: CompanyFilter }) =>
  queryOptions({
    queryKey: [
      'home-projects',
      args.isTransport ? 'trans' : 'waste',
      args.isTransport ? args.companyId : null,
    ],
    queryFn: () =>
      args.isTransport
        ? api.get<ProjectListItem[]>('/trans/projects', { companyId: args.companyId })
        : api.get<ProjectListItem[]>('/projects'),
  });
