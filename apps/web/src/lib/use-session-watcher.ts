import type { TokenResponse } from '@junkan/shared/api/common';
import {
  isSessionExpired,
  SESSION_CHECK_INTERVAL_MS,
  sessionEndsAt,
  sessionStep,
  shouldRefreshToken,
} from '@junkan/shared/session';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
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

const isDocumentVisible = () => document.visibilityState === 'visible';

/** Refreshes the tokens due (`force`: both, the user asked to stay signed in). */
async function refreshTokens(nowMs: number, isTabVisible: boolean, force = false): Promise<void> {
  const lastActivityMs = getLastActivity();
  const issuedAt = getTokenIssuedAt();
  const isDue = (tokenIssuedAtMs: number) =>
    force || shouldRefreshToken({ tokenIssuedAtMs, lastActivityMs, nowMs, isTabVisible });
  if (issuedAt !== null && isDue(issuedAt)) {
    // A refused refresh (the sign-in has ended: 24 hours, log out elsewhere, password changed) is shown as expiry.
    const { token } = await api.post<TokenResponse>('/auth/refresh-token', undefined, {
      handleUnauthorized: false,
    });
    setToken(token);
  }
  // The admin's own token, kept while acting for an operator, must stay alive to switch back to.
  const admin = getAdminToken();
  if (admin && isDue(admin.issuedAt)) {
    const { token } = await api.post<TokenResponse>('/auth/refresh-token', undefined, {
      token: admin.token,
      handleUnauthorized: false,
    });
    setAdminToken(token);
  }
}

/** The coming end of an idle session, while the user is warned of it (JIS X 8341-3 2.2.1). */
export interface SessionWarning {
  /** When the session ends (ms), while it is to be warned of; null otherwise. */
  endsAt: number | null;
  /** Stays signed in: the tokens are refreshed now and the warning closes. */
  extend: () => Promise<void>;
}

/**
 * Section 9 session handling: stamps activity (throttled), checks every 10 s, refreshes the token while
 * the user is active, warns of the end of an idle session (`endsAt`, with `extend`), and on expiry shows a
 * dialog that ends the sign-in and reloads to the login page.
 */
export function useSessionWatcher(): SessionWarning {
  const { isSignedIn } = useSession();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const expiredShown = useRef(false);
  const refreshing = useRef(false);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  // The expiry of the running watch, for `extend` when the refresh is refused.
  const expire = useRef(() => {});

  useEffect(() => {
    if (!isSignedIn) return;
    const onActivity = () => stampActivity();
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { passive: true, capture: true });

    const showExpired = () => {
      if (expiredShown.current) return;
      expiredShown.current = true;
      setEndsAt(null);
      modal.warning({
        title: t('session.expiredTitle'),
        content: t('your_session_has_expired'),
        okText: t('common.ok'),
        keyboard: false,
        // The token has run out, but its sign-in may still be live: end it on the server too.
        onOk: () => signOut(),
      });
    };
    expire.current = showExpired;

    const check = async () => {
      const issuedAt = getTokenIssuedAt();
      if (issuedAt === null || expiredShown.current) return;
      const now = Date.now();
      const step = sessionStep({
        tokenIssuedAtMs: issuedAt,
        lastActivityMs: getLastActivity(),
        nowMs: now,
        isTabVisible: isDocumentVisible(),
      });
      if (step === 'expired') {
        showExpired();
        return;
      }
      // Refreshed here or in another tab, the warning closes; it shows again only for a session still idle.
      setEndsAt(step === 'warn' ? sessionEndsAt(issuedAt) : null);
      if (refreshing.current) return;
      refreshing.current = true;
      try {
        await refreshTokens(now, isDocumentVisible());
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

  const extend = useCallback(async () => {
    try {
      await refreshTokens(Date.now(), isDocumentVisible(), true);
      setEndsAt(null);
    } catch (error) {
      // Refused: the sign-in has ended (24 hours, log out elsewhere); other failures leave the warning to retry.
      if (isApiError(error) && error.status === 401) expire.current();
    }
  }, []);

  return { endsAt, extend };
}

/**
 * The driver's phone (offline first): the token is refreshed while the driver is active and online, as the
 * watcher does, but the sign-in is never ended by the clock or with a dialog, since the page goes on from what the
 * phone keeps. `onEnded` says the server will not take the token any more (refused, or past its lifetime once
 * online): the page asks the driver to sign in again and keeps its marks meanwhile.
 */
export function useTokenKeeper(onEnded: () => void): void {
  const { isSignedIn } = useSession();
  useEffect(() => {
    if (!isSignedIn) return;
    const onActivity = () => stampActivity();
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    let refreshing = false;
    const check = async () => {
      const issuedAt = getTokenIssuedAt();
      if (issuedAt === null || refreshing || !navigator.onLine) return;
      const now = Date.now();
      if (isSessionExpired(issuedAt, now)) {
        onEnded();
        return;
      }
      refreshing = true;
      try {
        await refreshTokens(now, isDocumentVisible());
      } catch (error) {
        // No connection or a server error: tried again on the next check.
        if (isApiError(error) && error.status === 401) onEnded();
      } finally {
        refreshing = false;
      }
    };
    const onOnline = () => void check();
    void check();
    const timer = window.setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [isSignedIn, onEnded]);
}
