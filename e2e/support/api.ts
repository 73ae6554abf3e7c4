import type { TokenResponse } from '@junkan/shared/api/common';
import type { CompanyListItem } from '@junkan/shared/api/companies';
import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './app';
import { APP_ORIGIN } from './env';

export type OperatorType = '排出事業者' | '収集運搬・処分業者';

/** The API as one signed-in user: `as(user).post(...)`, each call checked to answer 2xx. */
export interface ApiClient {
  readonly token: string;
  get<T>(path: string): Promise<T>;
  post<T = unknown>(path: string, data?: unknown): Promise<T>;
  /** A multipart POST (text fields and files), as a browser's FormData sends it. */
  postMultipart<T = unknown>(path: string, multipart: Multipart): Promise<T>;
  /** The answer as it is, for a test that looks at its status itself. */
  send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<APIResponse>;
}

type Multipart = Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;

function client(request: APIRequestContext, token: string, origin = APP_ORIGIN): ApiClient {
  const send: ApiClient['send'] = (method, path, data) =>
    request.fetch(`${origin}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      data,
    });
  const checked = async <T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
    const res = await send(method, path, data);
    await expect(res, `${method} ${path}`).toBeOK();
    return (res.headers()['content-type']?.includes('json') ? await res.json() : undefined) as T;
  };
  return {
    token,
    get: (path) => checked('GET', path),
    post: (path, data) => checked('POST', path, data),
    postMultipart: async (path, multipart) => {
      const res = await request.post(`${origin}/api${path}`, {
        headers: { authorization: `Bearer ${token}` },
        multipart,
      });
      await expect(res, `POST ${path}`).toBeOK();
      return res.json();
    },
    send,
  };
}

/** Signs in through POST /api/auth/login (demo password unless given), at the run's server unless `origin` names another. */
export async function apiAs(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
  origin = APP_ORIGIN,
): Promise<ApiClient> {
  const res = await request.post(`${origin}/api/auth/login`, { data: { email, password } });
  await expect(res, `sign-in of ${email}`).toBeOK();
  return client(request, ((await res.json()) as TokenResponse).token, origin);
}

/** An admin's API acting for the named operator: the token the operator selection asks for. */
export async function actFor(
  request: APIRequestContext,
  admin: ApiClient,
  type: OperatorType,
  companyName: string,
): Promise<ApiClient> {
  const isTransport = type === '収集運搬・処分業者';
  const companies = await admin.get<CompanyListItem[]>(
    isTransport ? '/admin/companies/transport' : '/admin/companies/waste',
  );
  const company = companies.find((c) => c.name === companyName);
  expect(company, `${type} ${companyName} in the operator selection`).toBeDefined();
  const { token } = await admin.post<TokenResponse>(
    `/admin/companies/${company!.id}/auth-token?isTransport=${isTransport}`,
  );
  return client(request, token);
}

/**
 * The page's `method` calls to `url` (a glob) are answered `status` with the product's error body, as a server whose
 * rules refuse what the form let through (another tab's older rules) would; its other calls go on to the server.
 */
export async function refuseCalls(
  page: Page,
  url: string,
  method: 'POST' | 'PUT',
  status: number,
  refusal: { code: string; fields?: Record<string, string> },
): Promise<void> {
  await page.route(url, (route) =>
    route.request().method() === method
      ? route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'refused', ...refusal }),
        })
      : route.fallback(),
  );
}
