import type { DispatchAssignInput } from '@junkan/shared/api/drivers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVER_OFFICE_KEY } from './keys';

/** POST /trans/dispatch/assign: the stops to a driver and a vehicle (null takes either away). */
export const assignStops = (input: DispatchAssignInput) =>
  api.post<{ updated: number }>('/trans/dispatch/assign', input);

export function useAssignStops() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignStops,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVER_OFFICE_KEY }),
  });
}
