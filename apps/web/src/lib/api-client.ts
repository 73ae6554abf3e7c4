import type { PermitCoverageGapAnswer } from '@junkan/shared/api/permit-coverage';
import { HTTP_TIMEOUT_MS } from '@junkan/shared/session';
import { BUSINESS_TIME_HEADER, noteBusinessTime } from './business-clock';
import { clearSession, getToken, isOnPublicPage, redirectToLogin } from './session';

export const API_BASE = '/api';

/** A failed call: `code` is a message code, `fields` maps a form field to its message code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** Values for the message text (e.g. what uses an item that cannot be deleted). */
  readonly params?: Record<string, string | number>;
  /** What the refusal carries beyond its message; the caller reads it with the call's own schema. */
  readonly details?: Record<string, unknown>;
  /** The server's `message` string (login failures are told apart by it, ruling 7). */
  readonly serverMessage: string;
  /** permit_cannot_be_confirmed: what the permits do not cover. */
  readonly gaps?: PermitCoverageGapAnswer[];

  constructor(args: {
    status: number;
    code: string;
    message?: string;
    fields?: Record<string, string>;
    params?: Record<string, string | number>;
    details?: Record<string, unknown>;
    gaps?: PermitCoverageGapAnswer[];
  }) {
    super(args.code);
    this.name = 'ApiError';
    this.status = args.status;
    this.code = args.code;
    this.fields = args.fields;
    this.params = args.params;
    this.details = args.details;
    this.serverMessage = args.message ?? '';
    this.gaps = args.gaps;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Use this token instead of the stored one (refreshing the admin's kept token). */
  token?: string;
  /** On 401, clear the session and go to /login unless on a public page (default true). */
  handleUnauthorized?: boolean;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

export async function readErrorBody(response: Response): Promise<{
  code?: string;
  message?: string;
  fields?: Record<string, string>;
  params?: Record<string, string | number>;
  details?: Record<string, unknown>;
  gaps?: PermitCoverageGapAnswer[];
}> {
  try {
    const body = (await response.json()) as {
      code?: unknown;
      message?: unknown;
      fields?: unknown;
      params?: unknown;
      details?: unknown;
      gaps?: unknown;
    };
    return {
      code: typeof body.code === 'string' ? body.code : undefined,
      message: typeof body.message === 'string' ? body.message : undefined,
      fields:
        body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined,
      params:
        body.params && typeof body.params === 'object'
          ? (body.params as Record<string, string | number>)
          : undefined,
      details:
        body.details && typeof body.details === 'object'
          ? (body.details as Record<string, unknown>)
          : undefined,
      gaps: Array.isArray(body.gaps) ? (body.gaps as PermitCoverageGapAnswer[]) : undefined,
    };
  } catch {
    return {};
  }
}

/** A refusal read into the client's error; `code` falls back on what the status says. */
export function apiErrorFrom(status: number, info: Awaited<ReturnType<typeof readErrorBody>>): ApiError {
  const fallback = status === 429 ? 'too_many_requests' : status === 413 ? 'file_too_large' : 'unknown_error';
  return new ApiError({
    status,
    code: info.code ?? fallback,
    message: info.message,
    fields: info.fields,
    params: info.params,
    details: info.details,
    gaps: info.gaps,
  });
}

/** A 401 ends the sign-in: the session is cleared and the login page follows, unless on a public page. */
export function signOutOnUnauthorized(status: number): void {
  if (status === 401 && !isOnPublicPage()) {
    clearSession();
    redirectToLogin();
  }
}

export interface FetchOptions extends Omit<RequestOptions, 'body'> {
  /** The body as fetch sends it (JSON text, a FormData). */
  body?: BodyInit;
  /** Headers beyond the token (default `Accept: application/json`). */
  headers?: Record<string, string>;
  /** Aborted after this long as `timeout_error` (the JSON calls: HTTP_TIMEOUT_MS); files get none. */
  timeoutMs?: number;
}

/**
 * Every call to the API goes through here: the bearer token, a network failure or a timeout as an ApiError, the
 * business clock's header noted, and a refusal read into an ApiError (a 401 signs out, `signOutOnUnauthorized`).
 * Answers the Response for the caller to read: JSON (`request`), a file (`downloadFile`), a PDF made on demand.
 */
export async function fetchApi(path: string, options: FetchOptions = {}): Promise<Response> {
  const { method = 'GET', query, body, auth = true, timeoutMs } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.token ?? (auth ? getToken() : null);
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  options.signal?.addEventListener('abort', () => controller.abort());

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new ApiError({ status: 0, code: 'timeout_error' });
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error' });
  } finally {
    clearTimeout(timer);
  }
  noteBusinessTime(response.headers.get(BUSINESS_TIME_HEADER));

  if (!response.ok) {
    const info = await readErrorBody(response);
    if (options.handleUnauthorized !== false) signOutOnUnauthorized(response.status);
    throw apiErrorFrom(response.status, info);
  }
  return response;
}

/** A JSON call: the body sent as JSON, the answer read as JSON, within HTTP_TIMEOUT_MS. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, ...rest } = options;
  const response = await fetchApi(path, {
    ...rest,
    timeoutMs: HTTP_TIMEOUT_MS,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError({ status: response.status, code: 'unknown_error' });
  }
}

export const api = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'method' | 'query'>) =>
    request<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
