import type { Vehicle, VehicleInput } from '@junkan/shared/api/drivers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVER_OFFICE_KEY } from './keys';

/** POST /trans/vehicles (a name taken already is 409 vehicle_name_taken on `name`). */
export const createVehicle = (input: VehicleInput) => api.post<Vehicle>('/trans/vehicles', input);

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVER_OFFICE_KEY }),
  });
}
