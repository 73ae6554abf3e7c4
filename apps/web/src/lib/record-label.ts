import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * What a detail page is known by, once its record has loaded (an invoice's number, not its row id): the
 * breadcrumb and the browser tab name the page by it instead of the address's id, so the three say the same.
 * One label at a time, for the page at `path`; the page's leaving clears it.
 */
let current: { path: string; label: string } | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A detail page names its record (undefined while it loads). */
export function useRecordLabel(label: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (label === undefined) return;
    current = { path: pathname, label };
    notify();
    return () => {
      if (current?.path === pathname && current.label === label) {
        current = null;
        notify();
      }
    };
  }, [pathname, label]);
}

/** The label the page at `path` gave its record, if it gave one. */
export function useRecordLabelOf(path: string): string | undefined {
  const label = useSyncExternalStore(subscribe, () => current);
  return label?.path === path ? label.label : undefined;
}
