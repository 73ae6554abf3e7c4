import type { ManifestDetail } from '@junkan/shared/api/manifests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MANIFESTS_KEY, rolePath } from '../../../lib/report-data/keys';

/**
 * GET /manifests/{number} or /trans/manifests/{number}: the server asks the network for the current state
 * (`fresh: false` when it could not; the stored state is answered). 404 manifest_not_found for a number the
 * session may not see.
 */
export const getManifestDetail = (isTransport: boolean, manifestNumber: string) =>
  api.get<ManifestDetail>(rolePath(isTransport, `/manifests/${encodeURIComponent(manifestNumber)}`));

export const manifestDetailQueryOptions = (isTransport: boolean, manifestNumber: string) =>
  queryOptions({
    queryKey: [...MANIFESTS_KEY, 'detail', isTransport ? 'trans' : 'waste', manifestNumber],
    queryFn: () => getManifestDetail(isTransport, manifestNumber),
    retry: false,
  });

export const useManifestDetail = (isTransport: boolean, manifestNumber: string) =>
  useQuery(manifestDetailQueryOptions(isTransport, manifestNumber));
