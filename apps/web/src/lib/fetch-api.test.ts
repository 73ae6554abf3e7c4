import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, fetchApi } from './api-client';
import { standInBrowser } from './browser-stand-in.test-kit';
import { downloadFile } from './download-attachment';
import { sendMultipart } from './multipart';
import { STORAGE_KEYS } from './storage-keys';

const { store, assign, fetchMock } = standInBrowser('/sys/home');

beforeEach(() => {
  store.set(STORAGE_KEYS.token, 'the-token');
});

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
