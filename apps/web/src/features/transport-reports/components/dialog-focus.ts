import { useEffect, useRef } from 'react';
import { focusBack } from '../../../lib/main-content';

/**
 * Gives focus back, once the dialog has closed, to the element that had it when `open` turned true, or to the main
 * content when that element is gone (a deleted report's row) (JIS X 8341-3 2.4.3). For a dialog shown as two modals in turn, loading and then loaded: the second would take
 * the first, gone by then, for where focus came from, and leave it on the page's body. Spread onto each modal.
 */
export function useFocusBack(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read while rendering the change to open, before either modal has moved focus into itself.
  if (open !== wasOpen.current) {
    wasOpen.current = open;
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }
  return {
    focusTriggerAfterClose: false,
    afterClose: () => focusBack(opener.current),
  };
}

/**
 * Keeps focus in a dialog whose buttons follow what it shows (2.4.3): when the button that had focus goes with
 * the old state (an action answered), focus goes to `footerStart`, the footer's first button, rather than to the
 * page's body. `keepFocusIn` does it after a confirmation asked from the dialog has closed.
 */
export function useFocusKept(shown: unknown) {
  const footerStart = useRef<HTMLButtonElement>(null);
  const keepFocusIn = () => {
    const dialog = footerStart.current?.closest('.ant-modal');
    if (dialog && !dialog.contains(document.activeElement)) footerStart.current?.focus();
  };
  const last = useRef(shown);
  useEffect(() => {
    if (last.current === shown) return;
    last.current = shown;
    if (document.activeElement === document.body) keepFocusIn();
  });
  return { footerStart, keepFocusIn };
}
