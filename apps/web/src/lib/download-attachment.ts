import { fetchApi } from './api-client';

/**
 * A file the API serves behind the bearer token: fetched with it and handed to the browser as a blob, under
 * the name the server gives, else `fileName`.
 */
export async function downloadFile(path: string, fileName: string) {
  const response = await fetchApi(path, { headers: { Accept: '*/*' } });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file the API serves behind the bearer token, as a blob for the page to show (an image). */
export async function fetchFileBlob(path: string): Promise<Blob> {
  const response = await fetchApi(path, { headers: { Accept: '*/*' } });
  return response.blob();
}

/** GET /projects/{id}/attachments/{attachmentId}: a project file or its quote document. */
export function downloadAttachment(projectId: number, attachment: { id: number; fileName: string }) {
  return downloadFile(`/projects/${projectId}/attachments/${attachment.id}`, attachment.fileName);
}

/** The file name a download response gives (RFC 6266, UTF-8 form preferred), else null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}
