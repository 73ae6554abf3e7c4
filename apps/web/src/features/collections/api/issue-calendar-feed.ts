import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type CalendarFeed, calendarFeedQueryOptions } from './calendar-feed';

/** POST /calendar-feed: a new private URL; the old one stops working. */
export const issueCalendarFeed = () => api.post<CalendarFeed>('/calendar-feed');

export const useIssueCalendarFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryOptions().queryKey }),
  });
};
