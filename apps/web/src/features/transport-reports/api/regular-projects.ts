import { MAX_PAGE_SIZE } from '@junkan/shared/api/common';
import { useQuery } from '@tanstack/react-query';
import { projectListQueryOptions } from '../../../lib/project-data/project-list';

/**
 * The transporter's regular projects in progress (GET /trans/projects?tab=IN_PROGRESS&type=REGULAR, every
 * company), the ones a monthly report can be made for: the first page by title, narrowed on the server by
 * `keyword` when there are more than a page holds. Shares the project list's cache.
 */
export const regularProjectsQueryOptions = (keyword: string) =>
  projectListQueryOptions(true, {
    tab: 'IN_PROGRESS',
    type: 'REGULAR',
    page: 1,
    size: MAX_PAGE_SIZE,
    sort: 'title',
    order: 'asc',
    companyId: 'ALL',
    ...(keyword ? { keyword } : {}),
  });

export const useRegularProjectsInProgress = (enabled: boolean, keyword = '') =>
  useQuery({ ...regularProjectsQueryOptions(keyword), enabled });
