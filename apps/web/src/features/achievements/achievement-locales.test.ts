import { REPORT_STATUS_LABEL_KEYS } from '@junkan/shared';
import { describe, expect, it } from 'vitest';
import enEnums from '../../locales/en/enums.json';
import jaEnums from '../../locales/ja/enums.json';

type Tree = { [key: string]: string | Tree };

const lookup = (tree: Tree, key: string) =>
  key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );

describe('report status labels', () => {
  it.each([
    ['ja', jaEnums],
    ['en', enEnums],
  ])('%s enums has a text for every key the shared rules return', (_lang, tree) => {
    for (const key of REPORT_STATUS_LABEL_KEYS) expect(typeof lookup(tree as Tree, key), key).toBe('string');
  });
});
