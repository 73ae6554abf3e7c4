import { ACHIEVEMENT_EXPORT_BATCH } from '@junkan/shared/achievement-list';
import type {
  AchievementExport,
  AchievementList,
  AchievementSummaryRow,
} from '@junkan/shared/api/transport-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ACHIEVEMENTS_KEY, rolePath } from '../../../lib/report-data/keys';

type ListQuery = Record<string, string | number>;

/** GET /achievements (discharger) or /trans/achievements (transporter, with the header's companyId): a page. */
export const getAchievementList = (isTransport: boolean, query: ListQuery) =>
  api.get<AchievementList>(rolePath(isTransport, '/achievements'), query);

/** The query key holds the filters, the page and the sort, so each page is cached on its own. */
export const achievementListQueryOptions = (isTransport: boolean, query: ListQuery) =>
  queryOptions({
    queryKey: [...ACHIEVEMENTS_KEY, 'list', isTransport ? 'trans' : 'waste', query],
    queryFn: () => getAchievementList(isTransport, query),
    // The table keeps the last page while another page, sort or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useAchievementList = (isTransport: boolean, query: ListQuery) =>
  useQuery(achievementListQueryOptions(isTransport, query));

/**
 * Every line of the filters for the CSV download, from GET /achievements/export in batches of
 * ACHIEVEMENT_EXPORT_BATCH, in the list's order.
 */
export async function getAllAchievementLines(
  isTransport: boolean,
  query: ListQuery,
): Promise<AchievementSummaryRow[]> {
  const lines: AchievementSummaryRow[] = [];
  for (let page = 1; ; page++) {
    const batch = await api.get<AchievementExport>(rolePath(isTransport, '/achievements/export'), {
      ...query,
      page,
      size: ACHIEVEMENT_EXPORT_BATCH,
    });
    lines.push(...batch.items);
    if (batch.items.length < ACHIEVEMENT_EXPORT_BATCH || lines.length >= batch.total) return lines;
  }
}
