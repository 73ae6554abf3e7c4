/**
 * Locale files, one folder per language, one JSON per namespace. All namespaces merge into the default
 * `translation` namespace (their top-level keys never overlap; i18n.test.ts checks it), so message codes
 * are used bare: t('MSG_00_21'). Japanese ships in the entry; English loads on demand.
 */
type Tree = { [key: string]: string | Tree };

const ja = import.meta.glob<Tree>('./ja/*.json', { eager: true, import: 'default' });
const en = import.meta.glob<Tree>('./en/*.json', { import: 'default' });

const merge = (trees: Tree[]): Tree => Object.assign({}, ...trees);

export const jaResources: Tree = merge(Object.values(ja));

export async function loadResources(lang: 'ja' | 'en'): Promise<Tree> {
  if (lang === 'ja') return jaResources;
  return merge(await Promise.all(Object.values(en).map((load) => load())));
}
