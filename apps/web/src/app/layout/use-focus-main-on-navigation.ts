import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a change of page inside the app, focus moves to the main content, so a screen reader goes on from the new
 * page (whose title has changed with it) and a keyboard user's next Tab is in it rather than in the menu. Not on the
 * first page (the skip link comes first there), and only once the menu drawer is closed (its focus trap would take
 * focus back).
 */
export function useFocusMainOnNavigation(main: RefObject<HTMLElement | null>, isMenuOpen: boolean): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (isMenuOpen || shown.current === pathname) return;
    shown.current = pathname;
    main.current?.focus();
  }, [pathname, isMenuOpen, main]);
}
