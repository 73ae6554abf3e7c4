import type { Driver, DriverUpdateInput } from '@junkan/shared/api/drivers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVER_OFFICE_KEY } from './keys';

/** PUT /trans/drivers/{id}: name, usual vehicle, and whether the account may sign in (stop / restart). */
export const updateDriver = (id: number, input: DriverUpdateInput) =>
  api.put<Driver>(`/trans/drivers/${id}`, input);

export function useUpdateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DriverUpdateInput }) => updateDriver(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVER_OFFICE_KEY }),
  });
}
