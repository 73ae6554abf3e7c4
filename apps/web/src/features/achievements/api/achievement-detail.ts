import { ACHIEVEMENT_EXPORT_BATCH } from '@junkan/shared/achievement-list';
import type {
  AchievementDetail,
  AchievementDetailQuery,
  AchievementRow,
} from '@junkan/shared/api/transport-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ACHIEVEMENTS_KEY, rolePath } from '../../../lib/report-data/keys';

/** GET /achievements/detail or /trans/achievements/detail: a page of the reports behind one line of the list. */
export const getAchievementDetail = (isTransport: boolean, query: AchievementDetailQuery) =>
  api.get<AchievementDetail>(rolePath(isTransport, '/achievements/detail'), { ...query });

/** The query key holds the line, the page and the sort, so each page is cached on its own. */
export const achievementDetailQueryOptions = (isTransport: boolean, query: AchievementDetailQuery | null) =>
  queryOptions({
    queryKey: [...ACHIEVEMENTS_KEY, 'detail', isTransport ? 'trans' : 'waste', query],
    queryFn: () => getAchievementDetail(isTransport, query as AchievementDetailQuery),
    enabled: query !== null,
    retry: false,
    // The table keeps the last page while another page or sort loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useAchievementDetail = (isTransport: boolean, query: AchievementDetailQuery | null) =>
  useQuery(achievementDetailQueryOptions(isTransport, query));

/**
 * Every report of the line for the CSV download, from GET /achievements/detail/export in batches of
 * ACHIEVEMENT_EXPORT_BATCH, in the details' order.
 */
export async function getAllAchievementDetailRows(
  isTransport: boolean,
  query: AchievementDetailQuery,
): Promise<AchievementRow[]> {
  const rows: AchievementRow[] = [];
  for (let page = 1; ; page++) {
    const batch = await api.get<AchievementDetail>(rolePath(isTransport, '/achievements/detail/export'), {
      ...query,
      page,
      size: ACHIEVEMENT_EXPORT_BATCH,
    });
    rows.push(...batch.items);
    if (batch.items.length < ACHIEVEMENT_EXPORT_BATCH || rows.length >= batch.total) return rows;
  }
}
