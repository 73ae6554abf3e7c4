import { useSyncExternalStore } from 'react';

/**
 * Whether the CSS media `query` matches now, following its changes (a resized window, a system setting). Read
 * from the query itself, so the first render already has the right answer (no flash).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The user's system asks for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
