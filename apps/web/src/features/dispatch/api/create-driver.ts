import type { Driver, DriverCreateInput } from '@junkan/shared/api/drivers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVER_OFFICE_KEY } from './keys';

/** POST /trans/drivers: a new driver, who is mailed a link to set a password. */
export const createDriver = (input: DriverCreateInput) => api.post<Driver>('/trans/drivers', input);

export function useCreateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDriver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVER_OFFICE_KEY }),
  });
}
