import {
  REPORT_ACTIONS,
  REPORT_DIALOG_TITLE_KEYS,
  REPORT_STATUS_LABEL_KEYS,
  type ReportActionVariant,
} from '@junkan/shared/report-rules';
import { DEADLINE_STATES } from '@junkan/shared/transport-deadline';
import { describe, expect, it } from 'vitest';
import enAchievements from '../../locales/en/achievements.json';
import enEnums from '../../locales/en/enums.json';
import enMessages from '../../locales/en/messages.json';
import jaAchievements from '../../locales/ja/achievements.json';
import jaEnums from '../../locales/ja/enums.json';
import jaMessages from '../../locales/ja/messages.json';
import {
  actionDoneKey,
  confirmTexts,
  MANIFEST_STATE_CODES,
  NETWORK_WARNING_CODES,
} from './transport-report-values';

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

/** Every key the report dialog builds from the shared rules' values. */
function dialogKeys(): string[] {
  const keys: string[] = [...REPORT_DIALOG_TITLE_KEYS];
  const variants: (ReportActionVariant | undefined)[] = [
    undefined,
    'CORRECTION',
    'DELETION',
    'CANCEL_REJECTION',
    'MODIFICATION_REJECTION',
  ];
  for (const action of REPORT_ACTIONS) {
    keys.push(`reportDialog.action.${action}`);
    if (action === 'FIX_REPORT') continue;
    keys.push(actionDoneKey(action, false), actionDoneKey(action, true));
    for (const variant of variants)
      for (const synced of [true, false]) {
        const texts = confirmTexts(action, variant, synced);
        keys.push(texts.title, texts.content, texts.ok);
      }
  }
  for (const state of DEADLINE_STATES) if (state !== 'OK') keys.push(`reportDialog.deadlineState.${state}`);
  return [...new Set(keys)];
}

describe('report dialog texts', () => {
  it.each([
    ['ja', jaAchievements],
    ['en', enAchievements],
  ])('%s achievements has a text for every key the dialog builds', (_lang, tree) => {
    const missing = dialogKeys().filter((key) => typeof lookup(tree as Tree, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each([
    ['ja', { ...jaMessages, ...jaAchievements }],
    ['en', { ...enMessages, ...enAchievements }],
  ])('%s has a text for every network warning the dialog shows', (_lang, tree) => {
    const missing = [...NETWORK_WARNING_CODES, ...MANIFEST_STATE_CODES].filter(
      (key) => typeof lookup(tree as Tree, key) !== 'string',
    );
    expect(missing).toEqual([]);
  });
});
