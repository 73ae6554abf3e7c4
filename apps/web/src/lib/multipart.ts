import { API_BASE, ApiError } from './api-client';
import { clearSession, getToken, isOnPublicPage, redirectToLogin } from './session';

/**
 * A multipart POST or PUT (FormData with a `data` JSON field and files): fetch without the JSON client's 10 s
 * timeout, since files may take longer; failures as the client's ApiError.
 */
export async function sendMultipart<T>(method: 'POST' | 'PUT', path: string, form: FormData): Promise<T> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError({ status: 0, code: 'network_error' });
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    if (res.status === 401 && !isOnPublicPage()) {
      clearSession();
      redirectToLogin();
    }
    throw new ApiError({
      status: res.status,
      code:
        typeof body.code === 'string' ? body.code : res.status === 413 ? 'file_too_large' : 'unknown_error',
      message: typeof body.message === 'string' ? body.message : undefined,
      fields: body.fields as Record<string, string> | undefined,
    });
  }
  return body as T;
}
