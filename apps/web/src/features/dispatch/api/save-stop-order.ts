import type { DispatchOrderInput } from '@junkan/shared/api/drivers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dispatchDayQueryOptions } from './dispatch-day';

/** POST /trans/dispatch/order: the day's stops in the round's order. */
export const saveStopOrder = (input: DispatchOrderInput) =>
  api.post<{ updated: number }>('/trans/dispatch/order', input);

/** Saving waits for the day to load again, so the screen never shows the old order in between. */
export function useSaveStopOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStopOrder,
    onSuccess: (_result, input) =>
      queryClient.invalidateQueries({ queryKey: dispatchDayQueryOptions(input.date).queryKey }),
  });
}
