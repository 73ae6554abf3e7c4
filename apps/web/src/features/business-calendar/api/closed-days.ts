import type { ClosedDayRow } from '@junkan/shared/api/business-calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BUSINESS_CALENDAR_KEY } from './keys';

/** GET /business-calendar/closed-days?year=: the company's own closed days of a year. */
export const fetchClosedDays = (year: number) =>
  api.get<ClosedDayRow[]>('/business-calendar/closed-days', { year });

export const closedDaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...BUSINESS_CALENDAR_KEY, 'closed-days', year],
    queryFn: () => fetchClosedDays(year),
  });

export const useClosedDays = (year: number) => useQuery(closedDaysQueryOptions(year));
