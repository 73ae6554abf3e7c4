import type { DisposalPermitKinds } from '@junkan/shared/api/disposal-unit-prices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DISPOSAL_UNIT_PRICE_KEY } from './keys';

/** GET /trans/disposal-unit-prices/permits: the waste kinds the company's live disposal permits cover today. */
export const disposalPermitKindsQueryOptions = () =>
  queryOptions({
    queryKey: [...DISPOSAL_UNIT_PRICE_KEY, 'permits'],
    queryFn: () => api.get<DisposalPermitKinds>('/trans/disposal-unit-prices/permits'),
  });

export const useDisposalPermitKinds = () => useQuery(disposalPermitKindsQueryOptions());
