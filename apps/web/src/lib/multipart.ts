import {
  API_BASE,
  ApiError,
  apiErrorFrom,
  type FetchOptions,
  fetchApi,
  signOutOnUnauthorized,
} from './api-client';
import { getToken } from './session';

/**
 * A multipart POST or PUT (FormData: a `data` JSON field and files, or one file): through `fetchApi` without the
 * JSON client's 10 s timeout, since files may take longer (a caller may give one); failures as the client's
 * ApiError. `handleUnauthorized: false` leaves a 401 to the caller (the driver's queue keeps its marks).
 */
export async function sendMultipart<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  options: Pick<FetchOptions, 'handleUnauthorized' | 'timeoutMs'> = {},
): Promise<T> {
  const res = await fetchApi(path, { ...options, method, body: form });
  return (await res.json().catch(() => ({}))) as T;
}

/** How far an upload has got: bytes sent of the whole body. */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/**
 * A multipart POST or PUT through XMLHttpRequest, whose upload events report the progress (fetch has none), for
 * files large enough to take a while (a 100 MB video). No timeout; `signal` stops it, rejecting with an
 * AbortError. Failures as the client's ApiError; a connection lost on the way is network_error, which the caller
 * may send again.
 */
export function sendMultipartWithProgress<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.floor((event.loaded / event.total) * 100)),
      });
    };
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort);
    const done = () => options.signal?.removeEventListener('abort', abort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload stopped', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError({ status: 0, code: 'network_error' }));
    };
    xhr.onload = () => {
      done();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // An empty or non-JSON answer is reported by its status below.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      signOutOnUnauthorized(xhr.status);
      reject(
        apiErrorFrom(xhr.status, {
          code: typeof body.code === 'string' ? body.code : undefined,
          message: typeof body.message === 'string' ? body.message : undefined,
          fields: body.fields as Record<string, string> | undefined,
        }),
      );
    };
    if (options.signal?.aborted) {
      done();
      reject(new DOMException('Upload stopped', 'AbortError'));
      return;
    }
    xhr.send(form);
  });
}

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
