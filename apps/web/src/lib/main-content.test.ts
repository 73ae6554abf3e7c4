import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusBack, MAIN_CONTENT_ID } from './main-content';

/** An element stand-in that records being focused. */
const element = (isConnected: boolean) => ({ isConnected, focus: vi.fn() });

describe('focusBack', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives focus back to the opener while it is on the page', () => {
    const main = element(true);
    vi.stubGlobal('document', { getElementById: (id: string) => (id === MAIN_CONTENT_ID ? main : null) });
    const opener = element(true);
    focusBack(opener as unknown as HTMLElement);
    expect(opener.focus).toHaveBeenCalledOnce();
    expect(main.focus).not.toHaveBeenCalled();
  });

  it('puts focus on the main content when the opener has gone, or was never known', () => {
    const main = element(true);
    vi.stubGlobal('document', { getElementById: (id: string) => (id === MAIN_CONTENT_ID ? main : null) });
    const gone = element(false);
    focusBack(gone as unknown as HTMLElement);
    expect(gone.focus).not.toHaveBeenCalled();
    focusBack(null);
    expect(main.focus).toHaveBeenCalledTimes(2);
  });
});
