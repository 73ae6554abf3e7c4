import type { ProjectDetail } from '@junkan/shared/api/projects';
import type { ContractRole, RenewalDecision } from '@junkan/shared/contract-rules';
import { api } from '../../../lib/api-client';
import { useContractMutation } from './use-contract-mutation';

/**
 * The renewal answer: the project, and how many collections outside the period an END removed (absent
 * from servers that do not count them yet).
 */
export type RenewalAnswer = ProjectDetail & { removedCollections?: number };

/** POST /projects/{id}/contract/renewal (discharger) or /trans/projects/{id}/contract/renewal (transporter). */
export const decideRenewal = (id: number, role: ContractRole, renewal: RenewalDecision) =>
  api.post<RenewalAnswer>(`${role === 'TRANSPORT' ? '/trans' : ''}/projects/${id}/contract/renewal`, {
    renewal,
  });

export const useDecideRenewal = (id: number, role: ContractRole) =>
  useContractMutation<RenewalDecision, RenewalAnswer>(id, (renewal) => decideRenewal(id, role, renewal));
