import { paths } from '@junkan/shared/paths';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageSelect } from './language-select';
import css from './public-ui.module.css';

/**
 * Frame of the pages reachable without a token: logo, language switch, one panel, and a footer with the link to
 * the accessibility statement. Plain elements and a CSS module rather than antd Card and Typography, so the login
 * page loads no antd.
 */
export function PublicPage({
  title,
  width = 440,
  children,
}: {
  title?: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={css.page}>
      <header className={css.header} style={{ maxWidth: width }}>
        <span className={css.logo}>junkan</span>
        <LanguageSelect />
      </header>
      {/* `width` is the content width, as before: the card adds its padding (24) and border (1) on each side. */}
      <main className={css.card} style={{ maxWidth: width + 50 }}>
        {title && <h1 className={css.title}>{title}</h1>}
        {children}
      </main>
      <footer className={css.footer} style={{ maxWidth: width + 50 }}>
        <NavLink className={css.link} to={paths.accessibility.to()}>
          {t('layout.accessibility')}
        </NavLink>
      </footer>
    </div>
  );
}
