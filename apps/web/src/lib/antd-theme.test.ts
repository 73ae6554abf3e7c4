import { readFileSync } from 'node:fs';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { appTheme, TAG_TEXT } from './antd-theme';

/** A colour (#rrggbb, or rgba() drawn over `under`) as its relative luminance (WCAG 2.0). */
function luminance(color: string, under = '#ffffff'): number {
  const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const rgba = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(color);
  const rgb = rgba
    ? channels(under).map((u, i) => Number(rgba[i + 1]) * Number(rgba[4]) + u * (1 - Number(rgba[4])))
    : channels(color);
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(text: string, background: string): number {
  const [a, b] = [luminance(text, background), luminance(background)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (a + 0.05) / (b + 0.05);
}

const config = appTheme({ motion: false });
const token = theme.getDesignToken(config) as unknown as Record<string, string>;
const LAYOUT_BG = '#f5f5f5';

describe('the antd theme meets 4.5:1 for text', () => {
  it.each([
    ['primary text on its tint (a selected menu item)', token.colorPrimary, token.colorPrimaryBg],
    ['white on the primary (a primary button)', '#ffffff', token.colorPrimary],
    ['white on the primary hovered', '#ffffff', token.colorPrimaryHover],
    ['white on the error colour (a danger button)', '#ffffff', token.colorError],
    ['a link on white', token.colorLink, '#ffffff'],
    ['a link on the layout', token.colorLink, LAYOUT_BG],
    ['an error on white', token.colorError, '#ffffff'],
    ['secondary text on white', token.colorTextDescription, '#ffffff'],
    ['secondary text on the layout (breadcrumbs)', token.colorTextDescription, LAYOUT_BG],
    ['a placeholder on white', token.colorTextPlaceholder, '#ffffff'],
    ['a processing tag', token.colorInfo, token.colorInfoBg],
    ['an error tag', token.colorError, token.colorErrorBg],
    ['a success tag', TAG_TEXT.green7, token.colorSuccessBg],
    ['a warning tag', TAG_TEXT.gold7, token.colorWarningBg],
    ['success text on white', TAG_TEXT.green7, '#ffffff'],
    ['warning text on white', TAG_TEXT.gold7, '#ffffff'],
    ['warning text on the layout', TAG_TEXT.gold7, LAYOUT_BG],
  ])('%s', (_, text, background) => {
    expect(contrast(text as string, background as string)).toBeGreaterThanOrEqual(4.5);
  });

  it('a link stands out from the body text by 3:1', () => {
    expect(contrast(token.colorLink as string, '#1f1f1f')).toBeGreaterThanOrEqual(3);
  });

  it.each([
    'red',
    'volcano',
    'orange',
    'gold',
    'yellow',
    'lime',
    'green',
    'cyan',
    'blue',
    'geekblue',
    'purple',
    'magenta',
  ])('a %s tag', (color) => {
    const text = (TAG_TEXT as Record<string, string>)[`${color}7`] ?? token[`${color}7`];
    expect(contrast(text as string, token[`${color}1`] as string)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('antd-a11y.css', () => {
  it("draws text of the warning and success types in the tags' shades", () => {
    const css = readFileSync(new URL('./antd-a11y.css', import.meta.url), 'utf8');
    const colourOf = (type: string) =>
      new RegExp(`\\.ant-typography-${type} \\{\\s*color: (#[0-9a-f]{6});`).exec(css)?.[1];
    expect(colourOf('warning')).toBe(TAG_TEXT.gold7);
    expect(colourOf('success')).toBe(TAG_TEXT.green7);
  });
});
