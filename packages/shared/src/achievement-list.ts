// The achievements list's values the screens need without the request schemas (api/transport-reports.ts).

export const ACHIEVEMENT_PERIODS = ['annual', 'monthly'] as const;

/** The list's sort keys: month (then type, waste, company, unit, the default), waste name, company, volume. */
export const ACHIEVEMENT_SORT_KEYS = ['month', 'type', 'wasteName', 'company', 'volume'] as const;
export type AchievementSortKey = (typeof ACHIEVEMENT_SORT_KEYS)[number];
/** Lines per page of the list. */
export const ACHIEVEMENT_PAGE_SIZE = 50;
/** Lines per batch of the CSV export (GET /achievements/export). */
export const ACHIEVEMENT_EXPORT_BATCH = 5000;

/**
 * The details' sort keys: the report's date (industrial: end of transport; regular: the month, its last day),
 * project title, volume, manifest number (regular reports have none: they keep the date order).
 */
export const ACHIEVEMENT_DETAIL_SORT_KEYS = ['date', 'projectTitle', 'volume', 'manifestNumber'] as const;
export type AchievementDetailSortKey = (typeof ACHIEVEMENT_DETAIL_SORT_KEYS)[number];
/** Reports per page of the details. */
export const ACHIEVEMENT_DETAIL_PAGE_SIZE = 50;
