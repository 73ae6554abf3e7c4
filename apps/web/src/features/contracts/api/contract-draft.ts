import type { ContractDraft } from '@junkan/shared/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /trans/projects/{id}/contract-draft: the saved contract, or defaults from the accepted quote. */
export const getContractDraft = (id: number) =>
  api.get<ContractDraft>(`/trans/projects/${id}/contract-draft`);

export const contractDraftQueryKey = (id: number) => ['contract-draft', id] as const;

export const useContractDraft = (id: number) =>
  useQuery({
    queryKey: contractDraftQueryKey(id),
    queryFn: () => getContractDraft(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // The form starts from this once; a cached copy from an earlier visit could be older than the saved draft.
    gcTime: 0,
  });
