import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '../lib/i18n';
import css from './public-ui.module.css';

const LABELS: Record<Language, string> = { ja: '日本語', en: 'English' };

/**
 * ja / en switch; the choice is kept in localStorage (junkan.lang). A radio group styled like antd's small
 * Segmented, without antd, so the public pages (and the entry chunk) do not load it; used in the header too.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const name = useId();
  const value: Language = i18n.language === 'en' ? 'en' : 'ja';
  return (
    <div
      className={css.segmented}
      role="radiogroup"
      aria-label={t('layout.language')}
      data-testid="language-select"
    >
      {LANGUAGES.map((lang) => (
        <label key={lang} className={css.segment} title={LABELS[lang]}>
          <input
            type="radio"
            name={name}
            value={lang}
            checked={value === lang}
            onChange={() => setLanguage(lang)}
          />
          <span lang={lang}>{LABELS[lang]}</span>
        </label>
      ))}
    </div>
  );
}
