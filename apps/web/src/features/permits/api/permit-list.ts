import type { PermitListQuery, PermitPage } from '@junkan/shared/api/permits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PERMITS_KEY } from '../../../lib/permit-data/keys';

/** GET /trans/permits: the company's permits, a page at a time. */
export const getPermits = (query: PermitListQuery) =>
  api.get<PermitPage>('/trans/permits', query as Record<string, string | number | undefined>);

export const permitsQueryOptions = (query: PermitListQuery) =>
  queryOptions({
    queryKey: [...PERMITS_KEY, 'list', query],
    queryFn: () => getPermits(query),
    placeholderData: keepPreviousData,
  });

export const usePermits = (query: PermitListQuery, enabled = true) =>
  useQuery({ ...permitsQueryOptions(query), enabled });
