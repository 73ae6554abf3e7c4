import { CloseCircleFilled } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import jaJP from 'antd/es/locale/ja_JP';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { appTheme } from './antd-theme';
import { FOCUS_FIRST_ERROR } from './form-errors';
import './antd-a11y.css';
import { REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query';

/**
 * antd's theme (antd-theme.ts: colours that meet JIS X 8341-3 AA; antd-a11y.css: its markup adjusted for it)
 * and locale (ja_JP / en_US) for what renders antd: the signed-in layout, the antd public pages and the toasts.
 * Not in the app's providers, so the login page (plain elements) loads no antd.
 * A user whose system asks for reduced motion gets antd without its animations and click waves: dialogs,
 * menus and panels appear at once.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const theme = useMemo(() => appTheme({ motion: !reducedMotion }), [reducedMotion]);
  const locale = i18n.language === 'en' ? enUS : jaJP;
  // The pickers' clear button says the locale's word (クリア / Clear): every select's says the same.
  const clearLabel = locale.DatePicker?.lang.clear ?? 'Clear';
  const select = useMemo(() => ({ clearIcon: <ClearIcon label={clearLabel} /> }), [clearLabel]);
  return (
    <ConfigProvider
      locale={locale}
      select={select}
      theme={theme}
      wave={{ disabled: reducedMotion }}
      // antd puts a space between two CJK characters of a button (更 新): Japanese is not written so.
      button={{ autoInsertSpace: false }}
      // A form refused on submit puts focus on its first field in error (JIS X 8341-3 3.3.1).
      form={{ scrollToFirstError: FOCUS_FIRST_ERROR }}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * The clear (×) of a Select (and AutoComplete) with `allowClear`, naming the button it sits in. antd 6.6 names that
 * button "Clear" in every language (@rc-component/select's fallback: antd passes no `allowClear.label`, which
 * ant-design#58267 adds from the locale, not yet released) and ConfigProvider can give a select only its clear icon,
 * so the icon puts the app's word on its button (JIS X 8341-3 4.1.2, 3.1.2). React leaves the name alone after:
 * the label it renders never changes.
 */
function ClearIcon({ label }: { label: string }) {
  return (
    <CloseCircleFilled
      ref={(icon) => {
        icon?.closest('button')?.setAttribute('aria-label', label);
      }}
    />
  );
}

/** Lazily loaded by the router: a layout route (or wrapper) that puts its pages in AntdScope. */
export default function AntdScopeRoute({ children }: { children?: ReactNode }) {
  return <AntdScope>{children ?? <Outlet />}</AntdScope>;
}
