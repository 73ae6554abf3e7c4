import type { ManifestSummary } from '@junkan/shared/api/manifests';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MANIFESTS_KEY, rolePath } from '../../../lib/report-data/keys';

type ListQuery = Record<string, string | number>;

/** GET /manifests (discharger) or /trans/manifests (transporter, with the header's companyId). */
export const getManifestList = (isTransport: boolean, query: ListQuery) =>
  api.get<{ rows: ManifestSummary[] }>(rolePath(isTransport, '/manifests'), query);

export const manifestListQueryOptions = (isTransport: boolean, query: ListQuery) =>
  queryOptions({
    queryKey: [...MANIFESTS_KEY, 'list', isTransport ? 'trans' : 'waste', query],
    queryFn: () => getManifestList(isTransport, query),
    // The table keeps the last result while another filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useManifestList = (isTransport: boolean, query: ListQuery) =>
  useQuery(manifestListQueryOptions(isTransport, query));
