import { ACCESSIBILITY_CHECKLIST } from '@junkan/shared/accessibility-checklist';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/accessibility.json';
import ja from '../../../locales/ja/accessibility.json';
import { criterionKey } from './checklist-table';

describe('the checklist texts', () => {
  it.each([
    ['ja', ja],
    ['en', en],
  ] as const)('name every criterion of the checklist in %s, and no other', (_, texts) => {
    const criteria: Record<string, { name?: string }> = texts.accessibilityCriteria;
    for (const c of ACCESSIBILITY_CHECKLIST) expect(criteria[criterionKey(c.id)]?.name, c.id).toBeTruthy();
    expect(Object.keys(criteria).sort()).toEqual(
      ACCESSIBILITY_CHECKLIST.map((c) => criterionKey(c.id)).sort(),
    );
  });
});
