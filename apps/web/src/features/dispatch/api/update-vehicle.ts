import type { Vehicle, VehicleInput } from '@junkan/shared/api/drivers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVER_OFFICE_KEY } from './keys';

/** PUT /trans/vehicles/{id}. */
export const updateVehicle = (id: number, input: VehicleInput) =>
  api.put<Vehicle>(`/trans/vehicles/${id}`, input);

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: VehicleInput }) => updateVehicle(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVER_OFFICE_KEY }),
  });
}
