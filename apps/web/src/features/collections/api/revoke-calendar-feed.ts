import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { calendarFeedQueryOptions } from './calendar-feed';

/** DELETE /calendar-feed: the private URL stops working (204). */
export const revokeCalendarFeed = () => api.delete<void>('/calendar-feed');

export const useRevokeCalendarFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryOptions().queryKey }),
  });
};
