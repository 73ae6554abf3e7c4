import type { AchievementDetail, AchievementDetailQuery } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ACHIEVEMENTS_KEY, rolePath } from './keys';

/** GET /achievements/detail or /trans/achievements/detail: the reports behind one line of the list. */
export const getAchievementDetail = (isTransport: boolean, query: AchievementDetailQuery) =>
  api.get<AchievementDetail>(rolePath(isTransport, '/achievements/detail'), { ...query });

export const achievementDetailQueryOptions = (isTransport: boolean, query: AchievementDetailQuery | null) =>
  queryOptions({
    queryKey: [...ACHIEVEMENTS_KEY, 'detail', isTransport ? 'trans' : 'waste', query],
    queryFn: () => getAchievementDetail(isTransport, query as AchievementDetailQuery),
    enabled: query !== null,
    retry: false,
  });

export const useAchievementDetail = (isTransport: boolean, query: AchievementDetailQuery | null) =>
  useQuery(achievementDetailQueryOptions(isTransport, query));
