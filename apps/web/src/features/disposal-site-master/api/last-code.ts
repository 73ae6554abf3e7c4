import type { DisposalSiteLastCode } from '@junkan/shared/api/disposal-sites';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DISPOSAL_SITES_KEY } from '../../../lib/reference-data/disposal-sites';

/** GET /disposal-site-master/last-code: a new site shows the code it will get. */
export const fetchLastDisposalSiteCode = () =>
  api.get<DisposalSiteLastCode>('/disposal-site-master/last-code');

export const useLastDisposalSiteCode = (enabled: boolean) =>
  useQuery({
    queryKey: [...DISPOSAL_SITES_KEY, 'last-code'],
    queryFn: fetchLastDisposalSiteCode,
    enabled,
    staleTime: 0,
  });
