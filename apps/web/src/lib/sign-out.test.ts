import { beforeEach, describe, expect, it } from 'vitest';
import { keptInputKey } from '../components/form/kept-input';
import { standInBrowser } from './browser-stand-in.test-kit';
import { clearSession, restoreAdminToken, subscribeSession } from './session';
import { signOut } from './sign-out';
import { STORAGE_KEYS } from './storage-keys';

const { store, session, assign, fetchMock } = standInBrowser('/sys/');

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

/** A token as the server signs it, as far as the client reads it (the payload; no signature check here). */
const tokenFor = (claims: { userId: number; adminId?: number; exp?: number }) =>
  `h.${Buffer.from(JSON.stringify({ sub: 'a@example.com', authorities: [], exp: 2e9, ...claims })).toString('base64url')}.s`;

describe("the kept input of the session's users", () => {
  const ownKeys = [
    keptInputKey(12, 'contractDraft', 40),
    keptInputKey(12, 'collectionRequest'),
    keptInputKey(12, 'collectionRequest', 'pending'),
    keptInputKey(12, 'chatDraft'),
    keptInputKey(12, 'regularQuoteRequest', 'new'),
    keptInputKey(12, 'cardAttempt', 'tok_1'),
  ];
  const othersKeys = [
    keptInputKey(120, 'contractDraft', 40),
    keptInputKey(120, 'cardAttempt', 'tok_1'),
    'e2e.flag',
  ];

  beforeEach(() => {
    for (const key of [...ownKeys, ...othersKeys]) session.set(key, '{"typed":"not sent"}');
  });

  it('is wiped from sessionStorage on sign-out, with the acting admin’s, and nobody else’s', async () => {
    store.set(STORAGE_KEYS.token, tokenFor({ userId: 12, adminId: 3 }));
    store.set(STORAGE_KEYS.adminToken, tokenFor({ userId: 3 }));
    session.set(keptInputKey(3, 'chatDraft', 7), '"x"');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await signOut();
    expect([...session.keys()]).toEqual(othersKeys);
  });

  it('is wiped when the session ends without a sign-out (a 401, an expired session): clearSession', () => {
    store.set(STORAGE_KEYS.token, tokenFor({ userId: 12 }));
    clearSession();
    expect([...session.keys()]).toEqual(othersKeys);
  });

  it('is wiped in this tab when another tab signs out, not when it refreshes the token', () => {
    const token = tokenFor({ userId: 12 });
    const unsubscribe = subscribeSession(() => {});
    const storageEvent = (newValue: string | null) =>
      window.dispatchEvent(
        Object.assign(new Event('storage'), { key: STORAGE_KEYS.token, oldValue: token, newValue }),
      );
    storageEvent(tokenFor({ userId: 12, exp: 2e9 + 1 }));
    expect(session.size).toBe(ownKeys.length + othersKeys.length);
    storageEvent(null);
    expect([...session.keys()]).toEqual(othersKeys);
    unsubscribe();
  });

  it('is wiped for the operator when an acting admin switches back, and the admin’s own stays', () => {
    const nowMs = Date.now();
    store.set(STORAGE_KEYS.token, tokenFor({ userId: 12, adminId: 3 }));
    store.set(STORAGE_KEYS.adminToken, tokenFor({ userId: 3 }));
    store.set(STORAGE_KEYS.adminTokenIssuedAt, String(nowMs));
    session.set(keptInputKey(3, 'noticeDraft'), '"x"');
    expect(restoreAdminToken(nowMs)).toBe(true);
    expect(store.get(STORAGE_KEYS.token)).toBe(tokenFor({ userId: 3 }));
    expect([...session.keys()]).toEqual([...othersKeys, keptInputKey(3, 'noticeDraft')]);
  });

  it('is wiped in this tab when another tab switches back from acting for the operator', () => {
    const unsubscribe = subscribeSession(() => {});
    session.set(keptInputKey(3, 'noticeDraft'), '"x"');
    const storageEvent = (oldValue: string, newValue: string) =>
      window.dispatchEvent(
        Object.assign(new Event('storage'), { key: STORAGE_KEYS.token, oldValue, newValue }),
      );
    // A refreshed acting token keeps both users; taking an operator's token leaves nobody.
    storageEvent(tokenFor({ userId: 12, adminId: 3 }), tokenFor({ userId: 12, adminId: 3, exp: 2e9 + 1 }));
    storageEvent(tokenFor({ userId: 3 }), tokenFor({ userId: 12, adminId: 3 }));
    expect(session.size).toBe(ownKeys.length + othersKeys.length + 1);
    storageEvent(tokenFor({ userId: 12, adminId: 3 }), tokenFor({ userId: 3 }));
    expect([...session.keys()]).toEqual([...othersKeys, keptInputKey(3, 'noticeDraft')]);
    unsubscribe();
  });
});
