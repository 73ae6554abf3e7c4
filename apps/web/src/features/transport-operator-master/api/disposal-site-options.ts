import type { DisposalSitePage } from '@junkan/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /disposal-site-master?query=: disposal sites matching what is typed, for the destination selector. */
export const fetchDisposalSiteOptions = (query: string) =>
  api.get<DisposalSitePage>('/disposal-site-master', { query, size: 50, sort: 'code', order: 'asc' });

export const useDisposalSiteOptions = (query: string, enabled: boolean) =>
  useQuery({
    queryKey: ['transport-operator-master', 'disposal-site-options', query],
    queryFn: () => fetchDisposalSiteOptions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
