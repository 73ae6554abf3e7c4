/** Every business-calendar query sits under this key: saving settings or closed days refreshes them all. */
export const BUSINESS_CALENDAR_KEY = ['business-calendar'] as const;
