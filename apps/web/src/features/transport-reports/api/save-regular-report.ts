import type { RegularReportInput } from '@junkan/shared/api/transport-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ACHIEVEMENTS_KEY } from '../../../lib/report-data/keys';
import { TRANSPORT_REPORTS_KEY } from './keys';
import type { RegularReportForm } from './regular-report-form';

/**
 * POST /trans/regular-reports: the month's weights (only categories not disabled); a repeat replaces them.
 * Refusals: month end_date_in_future or invalid_period, listVolume.N.volume MSG_00_27, 404 project_not_found.
 */
export const saveRegularReport = (body: RegularReportInput) =>
  api.post<RegularReportForm>('/trans/regular-reports', body);

/** A saved report refreshes the list and details (and the report form's weights). */
export function useSaveRegularReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegularReport,
    onSuccess: () =>
      Promise.all(
        [ACHIEVEMENTS_KEY, TRANSPORT_REPORTS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
