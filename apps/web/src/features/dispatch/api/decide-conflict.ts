import type { MarkConflict } from '@junkan/shared/api/drivers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REPORT_DEADLINES_KEY } from '../../../lib/report-data/report-deadlines';
import { DRIVER_OFFICE_KEY } from './keys';

export type ConflictDecision = 'apply' | 'discard';

/**
 * POST /trans/driver-marks/{id}/apply (the stop is marked as the driver recorded it) or .../discard (the stop
 * stays as it is).
 */
export const decideConflict = (markId: number, decision: ConflictDecision) =>
  api.post<MarkConflict>(`/trans/driver-marks/${markId}/${decision}`);

/** An applied record marks its collection: the day's stops and the report deadlines refetch. */
export function useDecideConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ markId, decision }: { markId: number; decision: ConflictDecision }) =>
      decideConflict(markId, decision),
    onSuccess: (_result, { decision }) => {
      void queryClient.invalidateQueries({ queryKey: DRIVER_OFFICE_KEY });
      if (decision === 'apply') void queryClient.invalidateQueries({ queryKey: REPORT_DEADLINES_KEY });
    },
  });
}
