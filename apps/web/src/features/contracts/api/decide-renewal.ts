import type { ContractRole, ProjectDetail, RenewalDecision } from '@junkan/shared';
import { api } from '../../../lib/api-client';
import { useContractMutation } from './use-contract-mutation';

/** POST /projects/{id}/contract/renewal (discharger) or /trans/projects/{id}/contract/renewal (transporter). */
export const decideRenewal = (id: number, role: ContractRole, renewal: RenewalDecision) =>
  api.post<ProjectDetail>(`${role === 'TRANSPORT' ? '/trans' : ''}/projects/${id}/contract/renewal`, {
    renewal,
  });

export const useDecideRenewal = (id: number, role: ContractRole) =>
  useContractMutation<RenewalDecision>(id, (renewal) => decideRenewal(id, role, renewal));
