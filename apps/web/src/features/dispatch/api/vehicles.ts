import type { Vehicle } from '@junkan/shared/api/drivers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVER_OFFICE_KEY } from './keys';

/** GET /trans/vehicles: the company's vehicles, with how many drivers use each. */
export const getVehicles = () => api.get<Vehicle[]>('/trans/vehicles');

export const vehiclesQueryOptions = () =>
  queryOptions({ queryKey: [...DRIVER_OFFICE_KEY, 'vehicles'], queryFn: getVehicles });

export const useVehicles = () => useQuery(vehiclesQueryOptions());
