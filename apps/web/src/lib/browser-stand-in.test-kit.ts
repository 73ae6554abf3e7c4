import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For a unit test of the browser-side kits: the node test environment has no browser, so a storage, a window (at
 * `pathname`) and fetch are stood in for before each test and removed after it. The storage's map, the window's
 * `location.assign` and the fetch mock are answered for the test to arrange and read.
 */
export function standInBrowser(pathname: string) {
  const store = new Map<string, string>();
  const assign = vi.fn();
  const fetchMock = vi.fn();
  beforeEach(() => {
    store.clear();
    assign.mockReset();
    fetchMock.mockReset();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    vi.stubGlobal('window', { dispatchEvent: () => true, location: { pathname, assign } });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return { store, assign, fetchMock };
}
