import type { Permit } from '@junkan/shared/api/permits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { PERMITS_KEY } from './keys';

/** GET /trans/permits/{id}: one of the company's permits, retired or expired ones too. */
export const getPermit = (id: number) => api.get<Permit>(`/trans/permits/${id}`);

export const permitQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...PERMITS_KEY, 'detail', id], queryFn: () => getPermit(id) });

export const usePermit = (id: number | null | undefined) =>
  useQuery({
    ...permitQueryOptions(id ?? 0),
    enabled: typeof id === 'number' && id > 0,
    retry: false,
  });
