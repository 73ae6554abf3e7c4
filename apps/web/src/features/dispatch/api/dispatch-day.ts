import type { Dispatch } from '@junkan/shared/api/drivers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVER_OFFICE_KEY } from './keys';

/** GET /trans/dispatch?date=: the day's stops in the round's order, the drivers and vehicles to give them to. */
export const getDispatchDay = (date: string) => api.get<Dispatch>('/trans/dispatch', { date });

export const dispatchDayQueryOptions = (date: string) =>
  queryOptions({
    queryKey: [...DRIVER_OFFICE_KEY, 'dispatch', date],
    queryFn: () => getDispatchDay(date),
    placeholderData: keepPreviousData,
  });

export const useDispatchDay = (date: string) => useQuery(dispatchDayQueryOptions(date));
