import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { getSessionSnapshot } from '../lib/session';
import { confirmDiscard } from './form-modal';

/**
 * Asks before unsaved input is left behind: the browser's question on closing or reloading the tab, the
 * discard question when leaving the page in the app (`onDiscard` then drops the kept input). A sign-out or
 * an operator switch, which replace the session, are not held up. A ref, not state, so that a navigation
 * right after saving is let through.
 */
export function useLeaveGuard(initiallyDirty: boolean, onDiscard: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dirty = useRef(initiallyDirty);
  const userId = useRef(getSessionSnapshot().claims?.userId);
  const discard = useRef(onDiscard);
  discard.current = onDiscard;
  const shouldHold = useCallback(() => {
    const now = getSessionSnapshot();
    return dirty.current && now.isSignedIn && now.claims?.userId === userId.current;
  }, []);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldHold()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldHold]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => shouldHold() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDiscard(modal, t, {
      onOk: () => {
        dirty.current = false;
        discard.current();
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  return {
    markDirty: () => {
      dirty.current = true;
    },
    markClean: () => {
      dirty.current = false;
    },
  };
}
