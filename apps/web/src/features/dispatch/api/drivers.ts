import type { Driver } from '@junkan/shared/api/drivers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVER_OFFICE_KEY } from './keys';

/** GET /trans/drivers: the company's drivers, with their usual vehicle, state and last sign-in. */
export const getDrivers = () => api.get<Driver[]>('/trans/drivers');

export const driversQueryOptions = () =>
  queryOptions({ queryKey: [...DRIVER_OFFICE_KEY, 'drivers'], queryFn: getDrivers });

export const useDrivers = () => useQuery(driversQueryOptions());
