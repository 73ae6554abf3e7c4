import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVER_OFFICE_KEY } from './keys';

/** DELETE /trans/vehicles/{id}: refused (409 vehicle_in_use) while a driver or a collection has it. */
export const deleteVehicle = (id: number) => api.delete<void>(`/trans/vehicles/${id}`);

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVER_OFFICE_KEY }),
  });
}
