import type { ProjectListTab } from './project-status';

// The project list's values the screens need without the request schemas (api/projects.ts) and zod.
export const PROJECT_LIST_TABS = ['PRE_CONTRACT', 'IN_PROGRESS', 'PAST'] as const satisfies ProjectListTab[];

/** The project list's sort keys; `company` is the other side's name (the transporter's, or the discharger's). */
export const PROJECT_SORT_KEYS = ['createdDate', 'id', 'title', 'company'] as const;
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];
export const PROJECT_PAGE_SIZE = 50;
export const PROJECT_KEYWORD_MAX = 100;

/** How many projects the home table shows (the newest); the list page has the rest. */
export const HOME_PROJECT_ROWS = 10;
