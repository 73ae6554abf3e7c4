import { API_BASE, ApiError } from './api-client';
import { getToken } from './session';

/**
 * GET /projects/{id}/attachments/{attachmentId}: the download needs the bearer token, so it is fetched
 * and handed to the browser as a blob under the file's own name.
 */
export async function downloadAttachment(projectId: number, attachment: { id: number; fileName: string }) {
  const token = getToken();
  const response = await fetch(`${API_BASE}/projects/${projectId}/attachments/${attachment.id}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    throw new ApiError({ status: response.status, code: body.code ?? 'unknown_error' });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
