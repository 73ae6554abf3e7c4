import type { ProjectDetail } from '@junkan/shared/api/projects';
import { api } from '../../../lib/api-client';
import { useContractMutation } from './use-contract-mutation';

/** POST /trans/projects/{id}/contract/send: the PDFs are generated and the discharger asked to confirm. */
export const sendContract = (id: number) => api.post<ProjectDetail>(`/trans/projects/${id}/contract/send`);

export const useSendContract = (id: number) => useContractMutation<void>(id, () => sendContract(id));
