import type { ManifestRegistrationOptions } from '@junkan/shared/api/manifests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MANIFESTS_KEY } from '../../../lib/report-data/keys';

/**
 * GET /manifests/registration-options (discharger): industrial projects in progress with their waste lines,
 * discharge sites, units, the subscriber number (null: registration not possible) and the server's today.
 */
export const getRegistrationOptions = () =>
  api.get<ManifestRegistrationOptions>('/manifests/registration-options');

export const registrationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...MANIFESTS_KEY, 'registration-options'],
    queryFn: getRegistrationOptions,
  });

export const useRegistrationOptions = (enabled: boolean) =>
  useQuery({ ...registrationOptionsQueryOptions(), enabled });
