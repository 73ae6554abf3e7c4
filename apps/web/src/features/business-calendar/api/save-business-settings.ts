import type { BusinessSettings } from '@junkan/shared/business-day';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BUSINESS_CALENDAR_KEY } from './keys';

/** PUT /business-calendar/settings: refused with invalid_business_hours unless opening < closing. */
export const saveBusinessSettings = (body: BusinessSettings) =>
  api.put<BusinessSettings>('/business-calendar/settings', body);

export function useSaveBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData([...BUSINESS_CALENDAR_KEY, 'settings'], saved);
      return queryClient.invalidateQueries({ queryKey: BUSINESS_CALENDAR_KEY });
    },
  });
}
