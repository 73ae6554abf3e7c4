import { describe, expect, it } from 'vitest';
import { documentTitle, routeTitle } from './document-title';

const match = (handle: unknown, params: Record<string, string> = {}) => ({ handle, params });

describe('the tab title', () => {
  it('names the page, then the app', () => {
    expect(documentTitle('ホーム')).toBe('ホーム | junkan');
    expect(documentTitle(undefined)).toBe('junkan');
  });

  it('reads the deepest route that names a title, with the id of a detail page', () => {
    const root = match(undefined);
    const layout = match({ title: 'layout.outer' });
    expect(routeTitle([root, layout, match({ permission: 'HOME', title: 'menu.home' })])).toEqual({
      key: 'menu.home',
    });
    expect(
      routeTitle([root, match({ title: 'menu.projectDetail', titleWithId: true }, { id: '7' })]),
    ).toEqual({ key: 'menu.projectDetail', id: '7' });
    // A route without a title of its own keeps its parent's; an id is shown only where the page says so.
    expect(routeTitle([root, layout, match({ permission: 'HOME' }, { id: '7' })])).toEqual({
      key: 'layout.outer',
    });
    expect(routeTitle([root, match({ title: 'menu.x' }, { id: '7' })])).toEqual({ key: 'menu.x' });
    expect(routeTitle([root])).toBeUndefined();
  });
});
