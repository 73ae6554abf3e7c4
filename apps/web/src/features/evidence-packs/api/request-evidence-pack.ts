import type { EvidencePack, EvidencePackRequest } from '@junkan/shared/api/evidence-packs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EVIDENCE_PACKS_KEY } from './evidence-pack-list';

/** POST /evidence-packs: queued at once, built in the background. */
export const requestEvidencePack = (body: EvidencePackRequest) =>
  api.post<EvidencePack>('/evidence-packs', body);

export function useRequestEvidencePack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEvidencePack,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...EVIDENCE_PACKS_KEY, 'list'] }),
  });
}
