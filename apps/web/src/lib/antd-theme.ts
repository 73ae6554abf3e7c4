import type { ThemeConfig } from 'antd';

/**
 * The app's antd theme. Every text colour meets JIS X 8341-3 AA (WCAG 2.0 1.4.3: 4.5:1) on the backgrounds it
 * is drawn on: white, the layout's #f5f5f5 and its own tint (antd-theme.test.ts checks each pair).
 * - The primary green's light tints: antd derives greys from this dark a green (#afbab3), on which the green
 *   text of a selected menu item or option fell to 2.9:1; and its hover, under white text (a hovered button).
 * - Links and info (#1668dc): 4.5:1 on white and #f5f5f5, and 3:1 against the body text, so that a link inside
 *   a sentence is told from it by colour (antd's #1677ff is 4.1:1 on white).
 * - Errors (#cf1322): danger buttons, required marks and field errors (antd's #ff4d4f is 3.3:1).
 * - Secondary text (descriptions, breadcrumbs, form help, placeholders): 60 % black (antd's 45 % is 3.4:1).
 * - Tags: a preset colour's text is its 7th shade on its 1st; where that is under 4.5:1 a darker shade of the
 *   same colour is used. The success and warning tags' text likewise, and text of those types (antd-a11y.css);
 *   their icons and alerts keep antd's.
 */
/** Secondary text: descriptions, breadcrumbs, form help, placeholders, a faded tag (5.7:1 on white). */
export const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';

export function appTheme({ motion }: { motion: boolean }): ThemeConfig {
  return {
    token: {
      colorPrimary: '#1f7a4d',
      colorPrimaryBg: '#e9f4ee',
      colorPrimaryBgHover: '#dcefe4',
      colorPrimaryHover: '#2a8558',
      colorInfo: '#1668dc',
      colorError: '#cf1322',
      colorTextTertiary: SECONDARY_TEXT,
      colorTextPlaceholder: SECONDARY_TEXT,
      motion,
    },
    components: {
      Tag: {
        ...TAG_TEXT,
        colorSuccess: TAG_TEXT.green7,
        colorWarning: TAG_TEXT.gold7,
      },
    },
  };
}

/** Tag text shades that replace antd's 7th shade where it falls under 4.5:1 on the tag's background. */
export const TAG_TEXT = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
} as const;
