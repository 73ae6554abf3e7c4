import {
  INQUIRY_IMPORTANCES,
  INQUIRY_STATUSES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  ROLES,
} from '@junkan/shared/enums';
import { MESSAGE_CODES } from '@junkan/shared/messages';
import { describe, expect, it } from 'vitest';
import { APP_PAGES } from '../app/route-table';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });
const LANGS = ['ja', 'en'] as const;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function filesOf(lang: string): [string, Tree][] {
  return Object.entries(files)
    .filter(([path]) => path.includes(`/locales/${lang}/`))
    .map(([path, tree]) => [path.split('/').pop() ?? path, tree]);
}

const keys = Object.fromEntries(
  LANGS.map((lang) => {
    const all = new Map<string, string>();
    for (const [, tree] of filesOf(lang)) for (const [k, v] of flatten(tree)) all.set(k, v);
    return [lang, all];
  }),
) as Record<(typeof LANGS)[number], Map<string, string>>;

/** i18next's plural suffixes: English texts that name a count have a `_one` and an `_other` form. */
const pluralBase = (key: string) => key.replace(/_(one|other)$/, '');
/** The English texts of a key: itself, or its two plural forms. */
const englishForms = (key: string): string[] => {
  const plain = keys.en.get(key);
  if (plain !== undefined) return [plain];
  return [keys.en.get(`${key}_one`), keys.en.get(`${key}_other`)].filter((v) => v !== undefined);
};

describe('locales', () => {
  it('have the same namespace files in ja and en', () => {
    expect(
      filesOf('ja')
        .map(([name]) => name)
        .sort(),
    ).toEqual(
      filesOf('en')
        .map(([name]) => name)
        .sort(),
    );
    expect(filesOf('ja').length).toBeGreaterThan(0);
  });

  it.each(LANGS)('%s namespaces do not share top-level keys (they merge into one namespace)', (lang) => {
    const seen = new Map<string, string>();
    for (const [name, tree] of filesOf(lang)) {
      for (const key of Object.keys(tree)) {
        expect(seen.get(key), `${lang}/${name}: ${key} is also in ${seen.get(key)}`).toBeUndefined();
        seen.set(key, name);
      }
    }
  });

  it.each(LANGS)('%s has a text for every message code', (lang) => {
    const missing = MESSAGE_CODES.filter((code) => !keys[lang].get(code)?.trim());
    expect(missing).toEqual([]);
  });

  it('every ja key exists in en and vice versa (an English plural as its _one and _other forms)', () => {
    const ja = [...keys.ja.keys()];
    const en = [...new Set([...keys.en.keys()].map(pluralBase))];
    expect(ja.filter((k) => englishForms(k).length === 0)).toEqual([]);
    expect(en.filter((k) => !keys.ja.has(k))).toEqual([]);
    // Japanese has one form: a count's text is its one key.
    expect(ja.filter((k) => pluralBase(k) !== k)).toEqual([]);
    // An English plural has both forms, and is not also a plain key.
    for (const k of [...keys.en.keys()].filter((k) => pluralBase(k) !== k)) {
      const base = pluralBase(k);
      expect(keys.en.has(`${base}_one`) && keys.en.has(`${base}_other`), `en ${base}`).toBe(true);
      expect(keys.en.has(base), `en ${base} and its plural forms`).toBe(false);
    }
  });

  it('no text is empty and interpolations match between languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, ja] of keys.ja) {
      expect(ja.trim(), `ja ${key}`).not.toBe('');
      for (const en of englishForms(key)) {
        expect(en.trim(), `en ${key}`).not.toBe('');
        expect(vars(en), key).toEqual(vars(ja));
      }
    }
  });

  it.each(LANGS)('%s labels every enum value, role and page', (lang) => {
    const expected = [
      ...PROJECT_STATUSES.map((s) => `projectStatus.${s}`),
      'projectStatus.QUOTE_APPROVAL',
      'projectStatus.CONTRACT_RETURNED',
      ...PROJECT_TYPES.map((s) => `projectType.${s}`),
      ...INQUIRY_IMPORTANCES.map((s) => `inquiryImportance.${s}`),
      ...INQUIRY_STATUSES.map((s) => `inquiryStatus.${s}`),
      ...ROLES.map((r) => `role.${r}`),
      'role.ADMIN_AS_WASTE',
      'role.ADMIN_AS_TRANSPORT',
      ...APP_PAGES.map((p) => `menu.${p.key}`),
    ];
    expect(expected.filter((k) => !keys[lang].has(k))).toEqual([]);
  });
});
