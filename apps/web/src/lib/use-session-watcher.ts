import type { TokenResponse } from '@junkan/shared/api/common';
import { isSessionExpired, SESSION_CHECK_INTERVAL_MS, shouldRefreshToken } from '@junkan/shared/session';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from './api-client';
import {
  getAdminToken,
  getLastActivity,
  getTokenIssuedAt,
  setAdminToken,
  setToken,
  stampActivity,
} from './session';
import { signOut } from './sign-out';
import { useSession } from './use-session';

// Kept apart from use-session.ts: antd App (modal) must not weigh on the login page's first load.
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

async function refreshTokens(nowMs: number, isTabVisible: boolean): Promise<void> {
  const lastActivityMs = getLastActivity();
  const issuedAt = getTokenIssuedAt();
  if (
    issuedAt !== null &&
    shouldRefreshToken({ tokenIssuedAtMs: issuedAt, lastActivityMs, nowMs, isTabVisible })
  ) {
    // A refused refresh (the sign-in has ended: 12 hours, log out elsewhere, password changed) is shown as expiry.
    const { token } = await api.post<TokenResponse>('/auth/refresh-token', undefined, {
      handleUnauthorized: false,
    });
    setToken(token);
  }
  // The admin's own token, kept while acting for an operator, must stay alive to switch back to.
  const admin = getAdminToken();
  if (admin && shouldRefreshToken({ tokenIssuedAtMs: admin.issuedAt, lastActivityMs, nowMs, isTabVisible })) {
    const { token } = await api.post<TokenResponse>('/auth/refresh-token', undefined, {
      token: admin.token,
      handleUnauthorized: false,
    });
    setAdminToken(token);
  }
}

/**
 * Section 9 session handling: stamps activity (throttled), checks every 10 s, refreshes the token while
 * the user is active, and on expiry shows a dialog that reloads to the login page.
 */
export function useSessionWatcher(): void {
  const { isSignedIn } = useSession();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const expiredShown = useRef(false);
  const refreshing = useRef(false);

  useEffect(() => {
    if (!isSignedIn) return;
    const onActivity = () => stampActivity();
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { passive: true, capture: true });

    const showExpired = () => {
      expiredShown.current = true;
      modal.warning({
        title: t('session.expiredTitle'),
        content: t('your_session_has_expired'),
        okText: t('common.ok'),
        keyboard: false,
        // The token has run out, but its sign-in may still be live: end it on the server too.
        onOk: () => signOut(),
      });
    };

    const check = async () => {
      const issuedAt = getTokenIssuedAt();
      if (issuedAt === null || expiredShown.current) return;
      const now = Date.now();
      if (isSessionExpired(issuedAt, now)) {
        showExpired();
        return;
      }
      if (refreshing.current) return;
      refreshing.current = true;
      try {
        await refreshTokens(now, document.visibilityState === 'visible');
      } catch (error) {
        if (isApiError(error) && error.status === 401) showExpired();
        // Other failures are retried on the next check; expiry is handled above.
      } finally {
        refreshing.current = false;
      }
    };

    void check();
    const timer = window.setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [isSignedIn, modal, t]);
}
