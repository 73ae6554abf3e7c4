import { MANIFEST_PHASES, MANIFEST_STATUSES } from '@junkan/shared/enums';
import { DEADLINE_STATES } from '@junkan/shared/transport-deadline';
import { describe, expect, it } from 'vitest';
import enEnums from '../../locales/en/enums.json';
import enManifests from '../../locales/en/manifests.json';
import jaEnums from '../../locales/ja/enums.json';
import jaManifests from '../../locales/ja/manifests.json';
import { deadlineTagLook, KNOWN_FUNCTION_CODES, manifestStatusLabelKey } from './manifest-labels';
import { registrationFailureTexts } from './registration-values';

type Tree = { [key: string]: string | Tree };

const lookup = (tree: Tree, key: string) =>
  key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );

/** Every key the helpers hand to t(), outside the generic message codes. */
const helperKeys = [
  ...[...MANIFEST_STATUSES, null].map(manifestStatusLabelKey),
  ...MANIFEST_PHASES.map((p) => `manifests.phase.${p}`),
  ...DEADLINE_STATES.flatMap((s) => deadlineTagLook(s)?.labelKey ?? []),
  ...KNOWN_FUNCTION_CODES.map((c) => `manifests.function.${c}`),
  ...['jwnet_outside_hours', 'jwnet_service_stopped', 'jwnet_unavailable', 'timeout_error', 'edi_not_ready']
    .flatMap((code) => Object.values(registrationFailureTexts(code)))
    .filter((key): key is string => key?.startsWith('manifests.') ?? false),
];

/** The deadline panel's collection section, its texts named in place. */
const panelKeys = [
  'manifests.deadlines.collectionsTitle',
  'manifests.deadlines.pendingCount',
  'manifests.deadlines.deadline',
  'manifests.deadlines.report',
  'manifests.deadlines.reportFor',
  'manifests.column.collectionDate',
  'manifests.column.project',
  'manifests.column.transportReport',
];

describe('manifest labels', () => {
  it.each([
    ['ja', { ...jaEnums, ...jaManifests }],
    ['en', { ...enEnums, ...enManifests }],
  ])('%s has a text for every key the helpers return and the deadline panel names', (_lang, tree) => {
    for (const key of [...helperKeys, ...panelKeys])
      expect(typeof lookup(tree as Tree, key), key).toBe('string');
  });

  it('uses the Japanese status labels of the network', () => {
    expect(MANIFEST_STATUSES.map((s) => lookup(jaEnums as Tree, manifestStatusLabelKey(s)))).toEqual([
      '予約',
      '登録',
      '運搬終了(仮)',
      '運搬終了',
      '処分終了',
      '最終処分終了',
    ]);
  });
});
