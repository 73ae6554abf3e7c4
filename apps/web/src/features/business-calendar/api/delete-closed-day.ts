import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BUSINESS_CALENDAR_KEY } from './keys';

/** DELETE /business-calendar/closed-days/{id}. */
export const deleteClosedDay = (id: number) =>
  api.delete<{ result: boolean }>(`/business-calendar/closed-days/${id}`);

export function useDeleteClosedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClosedDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUSINESS_CALENDAR_KEY }),
  });
}
