import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID } from '../lib/main-content';
import css from './skip-link.module.css';

/**
 * The skip link (JIS X 8341-3 2.4.1) of a shell: its first stop for Tab, out of sight until it has focus, then shown
 * above the header; it moves focus to the shell's main content. The office's layout and the driver's shell use it.
 */
export function SkipLink({ main }: { main: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  return (
    <a
      className={css.skipLink}
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        main.current?.focus();
      }}
    >
      {t('layout.skipToMain')}
    </a>
  );
}
