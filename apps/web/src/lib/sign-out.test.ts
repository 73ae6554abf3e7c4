import { beforeEach, describe, expect, it } from 'vitest';
import { standInBrowser } from './browser-stand-in.test-kit';
import { signOut } from './sign-out';
import { STORAGE_KEYS } from './storage-keys';

const { store, assign, fetchMock } = standInBrowser('/sys/');

beforeEach(() => {
  store.set(STORAGE_KEYS.token, 'the-token');
  store.set(STORAGE_KEYS.adminToken, 'the-admin-token');
  store.set(STORAGE_KEYS.lang, 'en');
});

describe('signOut', () => {
  it('asks the server to end the sign-in with the current token, then clears the session', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await signOut();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(init.headers.Authorization).toBe('Bearer the-token');
    expect(store.has(STORAGE_KEYS.token)).toBe(false);
    expect(store.has(STORAGE_KEYS.adminToken)).toBe(false);
    expect(store.get(STORAGE_KEYS.lang)).toBe('en');
    expect(assign).toHaveBeenCalledWith('/sys/login');
  });

  it('still clears the session and leaves when offline or refused', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await signOut();
    expect(store.has(STORAGE_KEYS.token)).toBe(false);
    expect(assign).toHaveBeenCalledWith('/sys/login');

    store.set(STORAGE_KEYS.token, 'another');
    fetchMock.mockResolvedValueOnce(new Response('{"code":"server_error"}', { status: 500 }));
    await signOut();
    expect(store.has(STORAGE_KEYS.token)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('calls nothing without a token', async () => {
    store.delete(STORAGE_KEYS.token);
    await signOut();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('/sys/login');
  });
});
