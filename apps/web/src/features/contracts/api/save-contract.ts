import type { ContractInput } from '@junkan/shared/api/contracts';
import type { ProjectDetail } from '@junkan/shared/api/projects';
import { api } from '../../../lib/api-client';
import { useContractMutation } from './use-contract-mutation';

/** PUT /trans/projects/{id}/contract: the transporter saves the contract as a draft. */
export const saveContract = (id: number, body: ContractInput) =>
  api.put<ProjectDetail>(`/trans/projects/${id}/contract`, body);

export const useSaveContract = (id: number) =>
  useContractMutation<ContractInput>(id, (body) => saveContract(id, body));
