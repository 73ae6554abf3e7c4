import { downloadFile } from '../../../lib/download-attachment';

/**
 * GET /projects/{id}/contract/permit-file: the PDF copy of the permit the contract's license was chosen from,
 * for either party, under the server's file name.
 */
export function downloadContractPermitCopy(projectId: number, fallbackName: string) {
  return downloadFile(`/projects/${projectId}/contract/permit-file`, fallbackName);
}
