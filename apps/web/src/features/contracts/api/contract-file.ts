import type { ContractFileKind } from '@junkan/shared/contract-rules';
import { downloadFile } from '../../../lib/download-attachment';

/** GET /projects/{id}/contract/files/{kind}: a contract document, under the server's file name. */
export function downloadContractFile(projectId: number, kind: ContractFileKind, fallbackName: string) {
  return downloadFile(`/projects/${projectId}/contract/files/${kind}`, fallbackName);
}
