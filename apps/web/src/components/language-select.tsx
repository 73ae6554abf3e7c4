import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Language, setLanguage } from '../lib/i18n';

/** ja / en switch; the choice is kept in localStorage (junkan.lang). */
export function LanguageSelect() {
  const { i18n } = useTranslation();
  const value: Language = i18n.language === 'en' ? 'en' : 'ja';
  return (
    <Segmented<Language>
      data-testid="language-select"
      size="small"
      value={value}
      onChange={setLanguage}
      options={[
        { label: '日本語', value: 'ja' },
        { label: 'English', value: 'en' },
      ]}
    />
  );
}
