import type { AchievementList } from '@junkan/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ACHIEVEMENTS_KEY, rolePath } from './keys';

type ListQuery = Record<string, string | number>;

/** GET /achievements (discharger) or /trans/achievements (transporter, with the header's companyId). */
export const getAchievementList = (isTransport: boolean, query: ListQuery) =>
  api.get<AchievementList>(rolePath(isTransport, '/achievements'), query);

export const achievementListQueryOptions = (isTransport: boolean, query: ListQuery) =>
  queryOptions({
    queryKey: [...ACHIEVEMENTS_KEY, 'list', isTransport ? 'trans' : 'waste', query],
    queryFn: () => getAchievementList(isTransport, query),
    // The table keeps the last result while another filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useAchievementList = (isTransport: boolean, query: ListQuery) =>
  useQuery(achievementListQueryOptions(isTransport, query));
