import type { Attachment } from '@junkan/shared';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/** POST /trans/projects/{id}/quote-document: the quote's one PDF, as multipart/form-data. */
export async function uploadQuoteDocument(projectId: number, file: File): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/trans/projects/${projectId}/quote-document`, {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError({ status: 0, code: 'network_error' });
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new ApiError({
      status: res.status,
      code:
        typeof body.code === 'string' ? body.code : res.status === 413 ? 'file_too_large' : 'unknown_error',
      fields: body.fields as Record<string, string> | undefined,
    });
  return body as unknown as Attachment;
}
