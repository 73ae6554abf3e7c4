import { APP_BASE, paths } from '@junkan/shared/paths';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkButton } from './link-button';

/** The markup of a LinkButton on a page of the app served under APP_BASE. */
const render = (props: Parameters<typeof LinkButton>[0]) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { basename: APP_BASE, initialEntries: [`${APP_BASE}${paths.home.to()}`] },
      createElement(LinkButton, props),
    ),
  );

describe('LinkButton', () => {
  it('is one link, with the address under the app base, and no button inside', () => {
    const html = render({
      to: paths.invoiceDetail.to(7),
      type: 'primary',
      children: 'Open',
      'data-testid': 'go',
    });
    expect(html).toMatch(/^<a [^>]*href="\/sys\/invoice-management\/detail\/7"/);
    expect(html).toContain('data-testid="go"');
    expect(html).toContain('ant-btn-primary');
    expect(html).not.toContain('<button');
  });

  it('has no address and leaves the Tab order when disabled', () => {
    const html = render({ to: paths.invoiceDetail.to(7), disabled: true, children: 'Open' });
    expect(html).toMatch(/^<a /);
    expect(html).not.toContain('href=');
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('tabindex="-1"');
  });
});
