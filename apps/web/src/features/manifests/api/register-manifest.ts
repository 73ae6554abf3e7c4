import type { ManifestDetail, ManifestRegistrationInput } from '@junkan/shared/api/manifests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MANIFESTS_KEY } from '../../../lib/report-data/keys';

/**
 * POST /manifests: the network issues the number at once and reflects the registration later. Refusals:
 * field codes, edi_not_ready, jwnet_unavailable, jwnet_outside_hours, jwnet_service_stopped, jwnet_refused.
 */
export const registerManifest = (body: ManifestRegistrationInput) =>
  api.post<ManifestDetail>('/manifests', body);

export function useRegisterManifest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerManifest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MANIFESTS_KEY }),
  });
}
