import { afterEach, beforeEach, vi } from 'vitest';

/** A Storage over a map: what the test arranges and reads is the map. */
function storageOver(map: Map<string, string>) {
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

/**
 * For a unit test of the browser-side kits: the node test environment has no browser, so the storages, a window
 * (at `pathname`) and fetch are stood in for before each test and removed after it. The local and session
 * storages' maps (`store`, `session`), the window's `location.assign` and the fetch mock are answered for the test
 * to arrange and read.
 */
export function standInBrowser(pathname: string) {
  const store = new Map<string, string>();
  const session = new Map<string, string>();
  const assign = vi.fn();
  const fetchMock = vi.fn();
  beforeEach(() => {
    store.clear();
    session.clear();
    assign.mockReset();
    fetchMock.mockReset();
    vi.stubGlobal('localStorage', storageOver(store));
    vi.stubGlobal('sessionStorage', storageOver(session));
    // A real event target, so a test can dispatch what another tab would cause (a `storage` event).
    vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { pathname, assign } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return { store, session, assign, fetchMock };
}
