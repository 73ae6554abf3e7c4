import 'dayjs/locale/ja';
import dayjs from 'dayjs';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { jaResources, loadResources } from '../locales';
import { punctuationOf } from './format';
import { STORAGE_KEYS } from './storage-keys';

export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export function storedLanguage(): Language {
  return localStorage.getItem(STORAGE_KEYS.lang) === 'en' ? 'en' : 'ja';
}

/** Japanese is the default and the fallback (section 9); English is fetched when chosen. */
export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { ja: { translation: jaResources } },
    lng: 'ja',
    fallbackLng: 'ja',
    interpolation: { escapeValue: false },
  });
  if (storedLanguage() === 'en') await applyLanguage('en');
}

async function applyLanguage(lang: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', await loadResources(lang));
  }
  dayjs.locale(lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

export function setLanguage(lang: Language): void {
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  void applyLanguage(lang);
}

/** Text of a message code; codes without a text fall back to unknown_error rather than showing the raw code. */
export function messageText(t: TFunction, code: string, options?: Record<string, unknown>): string {
  return i18next.exists(code) ? t(code, options) : t('unknown_error');
}

/** The punctuation of the language on screen (a component re-renders on a change through useTranslation). */
export const currentPunctuation = () => punctuationOf(i18next.language);
