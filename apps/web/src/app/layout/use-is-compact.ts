import { useMediaQuery } from '../../lib/use-media-query';

/** Below antd's `lg` breakpoint (992px) the shell is compact: the menu moves into a drawer. */
const COMPACT_QUERY = '(max-width: 991.98px)';

export function useIsCompact(): boolean {
  return useMediaQuery(COMPACT_QUERY);
}
