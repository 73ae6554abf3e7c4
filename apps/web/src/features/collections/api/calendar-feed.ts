import type { calendarFeedSchema } from '@junkan/shared/api/collections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * The company's private calendar feed. The GET answers no URL (it is shown once, when issued) and whether
 * one is active; `active` is read as optional until the shared schema carries it (a URL then means active).
 */
export type CalendarFeed = z.infer<typeof calendarFeedSchema> & { active?: boolean };

export const isFeedActive = (feed: CalendarFeed | undefined) => Boolean(feed?.active ?? feed?.url);

/** GET /calendar-feed. */
export const getCalendarFeed = () => api.get<CalendarFeed>('/calendar-feed');

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: ['calendar-feed'], queryFn: getCalendarFeed });

export const useCalendarFeed = (enabled: boolean) => useQuery({ ...calendarFeedQueryOptions(), enabled });
