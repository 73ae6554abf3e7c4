import type { ProjectDetail } from '@junkan/shared/api/projects';
import { api } from '../../../lib/api-client';
import { useContractMutation } from './use-contract-mutation';

/** POST /projects/{id}/contract/return: the discharger sends the contract back with a reason. */
export const returnContract = (id: number, reason: string) =>
  api.post<ProjectDetail>(`/projects/${id}/contract/return`, { reason });

/** POST /projects/{id}/contract/approve: the discharger approves; in force from the start date. */
export const approveContract = (id: number) => api.post<ProjectDetail>(`/projects/${id}/contract/approve`);

export const useReturnContract = (id: number) =>
  useContractMutation<string>(id, (reason) => returnContract(id, reason));
export const useApproveContract = (id: number) => useContractMutation<void>(id, () => approveContract(id));
