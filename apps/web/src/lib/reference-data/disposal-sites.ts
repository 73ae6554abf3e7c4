import type { DisposalSiteListQuery, DisposalSitePage } from '@junkan/shared/api/disposal-sites';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** Every disposal-site query (the master's list and last code, the transport operator's selector) sits under this key. */
export const DISPOSAL_SITES_KEY = ['disposal-site-master'] as const;

/** GET /disposal-site-master?query=&page=&size=&sort=&order= (paged on the server). */
export const fetchDisposalSites = (query: DisposalSiteListQuery) =>
  api.get<DisposalSitePage>('/disposal-site-master', { ...query });

export const disposalSitesQueryOptions = (query: DisposalSiteListQuery) =>
  queryOptions({
    queryKey: [...DISPOSAL_SITES_KEY, 'list', query],
    queryFn: () => fetchDisposalSites(query),
    placeholderData: keepPreviousData,
  });

export const useDisposalSites = (query: DisposalSiteListQuery) => useQuery(disposalSitesQueryOptions(query));
