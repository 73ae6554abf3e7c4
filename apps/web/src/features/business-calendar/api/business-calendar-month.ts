import type { BusinessCalendarDay } from '@junkan/shared/api/business-calendar';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BUSINESS_CALENDAR_KEY } from './keys';

/** GET /business-calendar?year=&month=: each day of the month, with holidays and closed days (Japan time). */
export const fetchBusinessCalendarMonth = (year: number, month: number) =>
  api.get<BusinessCalendarDay[]>('/business-calendar', { year, month });

export const businessCalendarMonthQueryOptions = (year: number, month: number) =>
  queryOptions({
    queryKey: [...BUSINESS_CALENDAR_KEY, 'month', year, month],
    queryFn: () => fetchBusinessCalendarMonth(year, month),
    placeholderData: keepPreviousData,
  });

export const useBusinessCalendarMonth = (year: number, month: number) =>
  useQuery(businessCalendarMonthQueryOptions(year, month));
