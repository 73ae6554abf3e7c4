import { api } from './api-client';
import { clearSession, getToken, redirectToLogin } from './session';

/** How long log out waits for the server before leaving anyway. */
const SIGN_OUT_WAIT_MS = 3_000;

/**
 * Log out: the server ends the sign-in (so the token is worthless even if it was copied), then the local
 * session is cleared and the login page loaded, also when the call fails (offline, server down).
 */
export async function signOut(): Promise<void> {
  if (getToken()) {
    try {
      await api.post<void>('/auth/logout', undefined, {
        handleUnauthorized: false,
        signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS),
      });
    } catch {
      // The token still expires within 30 minutes; leaving must not wait for the network.
    }
  }
  clearSession();
  redirectToLogin();
}
