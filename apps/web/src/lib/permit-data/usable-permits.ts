import type { Permit } from '@junkan/shared/api/permits';
import type { PermitKind } from '@junkan/shared/rules/permit-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { PERMITS_KEY } from './keys';

/** GET /trans/permits/usable?on=&kind=: the live permits valid on `on` (issued, not expired), for a contract. */
export const getUsablePermits = (on: string, kind?: PermitKind) =>
  api.get<Permit[]>('/trans/permits/usable', { on, kind });

export const usablePermitsQueryOptions = (on: string, kind?: PermitKind) =>
  queryOptions({
    queryKey: [...PERMITS_KEY, 'usable', on, kind ?? null],
    queryFn: () => getUsablePermits(on, kind),
  });

/** Asked only for a complete date (YYYY-MM-DD); a new date asks again. */
export const useUsablePermits = (on: string | null | undefined, kind?: PermitKind) =>
  useQuery({
    ...usablePermitsQueryOptions(on ?? '', kind),
    enabled: typeof on === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(on),
  });
