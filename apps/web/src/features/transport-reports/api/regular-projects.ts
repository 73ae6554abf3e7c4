import type { ProjectListItem } from '@junkan/shared';
import { useQuery } from '@tanstack/react-query';
import { projectListQueryOptions } from '../../projects/api/project-list';

const regularOnly = (projects: ProjectListItem[]) => projects.filter((p) => p.type === 'REGULAR');

/**
 * The transporter's regular projects in progress (GET /trans/projects?tab=IN_PROGRESS, every company), the
 * ones a monthly report can be made for. Shares the project list's cache.
 */
export const useRegularProjectsInProgress = (enabled: boolean) =>
  useQuery({ ...projectListQueryOptions(true, 'IN_PROGRESS'), select: regularOnly, enabled });
