import { useSyncExternalStore } from 'react';

/** Below antd's `lg` breakpoint (992px) the shell is compact: the menu moves into a drawer. */
const COMPACT_QUERY = '(max-width: 991.98px)';

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(COMPACT_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** Read from the media query itself, so the first render already has the right shell (no flash). */
export function useIsCompact(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(COMPACT_QUERY).matches);
}
