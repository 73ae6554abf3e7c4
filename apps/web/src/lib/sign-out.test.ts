import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from './sign-out';
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
  vi.stubGlobal('window', {
    dispatchEvent: () => true,
    location: { pathname: '/sys/', assign },
  });
  vi.stubGlobal('fetch', fetchMock);
  store.set(STORAGE_KEYS.token, 'the-token');
  store.set(STORAGE_KEYS.adminToken, 'the-admin-token');
  store.set(STORAGE_KEYS.lang, 'en');
});
afterEach(() => vi.unstubAllGlobals());

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
