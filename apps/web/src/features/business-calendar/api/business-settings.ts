import type { BusinessSettings } from '@junkan/shared/business-day';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BUSINESS_CALENDAR_KEY } from './keys';

/** GET /business-calendar/settings: the company's weekdays and hours (defaults before the first save). */
export const fetchBusinessSettings = () => api.get<BusinessSettings>('/business-calendar/settings');

export const businessSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...BUSINESS_CALENDAR_KEY, 'settings'], queryFn: fetchBusinessSettings });

export const useBusinessSettings = () => useQuery(businessSettingsQueryOptions());
