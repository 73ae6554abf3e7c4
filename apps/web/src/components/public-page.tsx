import type { ReactNode } from 'react';
import { LanguageSelect } from './language-select';
import css from './public-ui.module.css';

/**
 * Frame of the pages reachable without a token: logo, language switch, one panel.
 * Plain elements and a CSS module rather than antd Card and Typography, so the login page loads no antd.
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
    </div>
  );
}
