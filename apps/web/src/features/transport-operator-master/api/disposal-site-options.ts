import { useQuery } from '@tanstack/react-query';
import { disposalSitesQueryOptions } from '../../../lib/reference-data/disposal-sites';

/** Disposal sites matching what is typed, for the destination selector (the master's own query, first 50 by code). */
export const useDisposalSiteOptions = (query: string, enabled: boolean) =>
  useQuery({
    ...disposalSitesQueryOptions({ query, page: 1, size: 50, sort: 'code', order: 'asc' }),
    enabled,
  });
