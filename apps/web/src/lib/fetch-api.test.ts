import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fetchApi } from './api-client';
import { downloadFile } from './download-attachment';
import { sendMultipart } from './multipart';
import { STORAGE_KEYS } from './storage-keys';

// The node test environment has no browser: a storage, a window and fetch are stood in for.
const store = new Map<string, string>();
const assign = vi.fn();
const fetchMock = vi.fn();

beforeEach(() => {
  store.clear();
  assign.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('window', { dispatchEvent: () => true, location: { pathname: '/sys/home', assign } });
  vi.stubGlobal('fetch', fetchMock);
  store.set(STORAGE_KEYS.token, 'the-token');
});
afterEach(() => vi.unstubAllGlobals());

const refused = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('every call through fetchApi: a file download, a multipart send, a PDF made on demand', () => {
  it.each([
    ['a download', () => downloadFile('/invoices/1/files/2', 'a.pdf')],
    ['a multipart send', () => sendMultipart('POST', '/trans/projects/1/quote-document', new FormData())],
    ['a PDF made on demand', () => fetchApi('/trans/qualified-invoices/pdf', { method: 'POST', body: '{}' })],
  ])('%s carries the token, and a 401 signs out and goes to the login page', async (_, call) => {
    fetchMock.mockResolvedValue(refused(401, { code: 'unauthorized' }));
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer the-token');
    expect(store.has(STORAGE_KEYS.token)).toBe(false);
    expect(assign).toHaveBeenCalledWith('/sys/login');
  });

  it('reads a refusal into its code and fields, and a body-less 413 as file_too_large', async () => {
    fetchMock.mockResolvedValueOnce(refused(400, { code: 'invalid_input', fields: { file: 'file_type' } }));
    const invalid = (await sendMultipart('POST', '/x', new FormData()).catch((e) => e)) as ApiError;
    expect([invalid.code, invalid.fields]).toEqual(['invalid_input', { file: 'file_type' }]);
    fetchMock.mockResolvedValueOnce(new Response('<html>too large</html>', { status: 413 }));
    expect(((await fetchApi('/x').catch((e) => e)) as ApiError).code).toBe('file_too_large');
    expect(assign).not.toHaveBeenCalled();
  });

  it('answers network_error when the request never reaches the server', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(((await downloadFile('/x', 'x').catch((e) => e)) as ApiError).code).toBe('network_error');
  });
});
