/** The main content's id: the skip link's target, and where focus goes when the control it was on is gone. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Puts focus back where it came from after a dialog or menu closes (JIS X 8341-3 2.4.3): on `opener` while it is
 * still on the page, else (the row or button that opened it went with what was done, a deleted record) on the
 * main content, never on the page's body.
 */
export function focusBack(opener: HTMLElement | null): void {
  if (opener?.isConnected) opener.focus({ preventScroll: true });
  else document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}
