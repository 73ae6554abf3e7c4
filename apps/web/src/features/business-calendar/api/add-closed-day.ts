import type { ClosedDayRequest, ClosedDayRow } from '@junkan/shared/api/business-calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BUSINESS_CALENDAR_KEY } from './keys';

/** POST /business-calendar/closed-days: 409 closed_day_already_registered for a date already closed. */
export const addClosedDay = (body: ClosedDayRequest) =>
  api.post<ClosedDayRow>('/business-calendar/closed-days', body);

export function useAddClosedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addClosedDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUSINESS_CALENDAR_KEY }),
  });
}
