import type { ContractFileKind } from '@junkan/shared';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { fileNameFromDisposition } from '../contract-links';

/**
 * GET /projects/{id}/contract/files/{kind}: like downloadAttachment (lib/download-attachment), fetched with
 * the bearer token and handed to the browser as a blob, under the server's file name when it gives one.
 */
export async function downloadContractFile(projectId: number, kind: ContractFileKind, fallbackName: string) {
  const token = getToken();
  const response = await fetch(`${API_BASE}/projects/${projectId}/contract/files/${kind}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    throw new ApiError({ status: response.status, code: body.code ?? 'unknown_error' });
  }
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
