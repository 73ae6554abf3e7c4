import type { CalendarImpact, ClosedDayRequest } from '@junkan/shared/api/business-calendar';
import type { BusinessSettings } from '@junkan/shared/business-day';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /business-calendar/settings/impact and /closed-days/impact: the collections a change would move (each
 * with the date it would be proposed, or null when it would be returned); nothing is saved.
 */
export const settingsImpact = (body: BusinessSettings) =>
  api.post<CalendarImpact>('/business-calendar/settings/impact', body);
export const closedDayImpact = (body: ClosedDayRequest) =>
  api.post<CalendarImpact>('/business-calendar/closed-days/impact', body);

export const useSettingsImpact = () => useMutation({ mutationFn: settingsImpact });
export const useClosedDayImpact = () => useMutation({ mutationFn: closedDayImpact });
