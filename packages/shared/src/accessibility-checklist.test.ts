import { describe, expect, it } from 'vitest';
import {
  ACCESSIBILITY_CHECKLIST,
  ACCESSIBILITY_TESTED_ON,
  type CriterionCheck,
  conformanceOf,
} from './accessibility-checklist';
import { SESSION_ABSOLUTE_LIFETIME_MS } from './session';

/** WCAG 2.0's success criteria of levels A and AA (JIS X 8341-3:2016 has the same), written out on their own. */
const WCAG_20_A =
  '1.1.1 1.2.1 1.2.2 1.2.3 1.3.1 1.3.2 1.3.3 1.4.1 1.4.2 2.1.1 2.1.2 2.2.1 2.2.2 2.3.1 2.4.1 2.4.2 2.4.3 2.4.4 ' +
  '3.1.1 3.2.1 3.2.2 3.3.1 3.3.2 4.1.1 4.1.2';
const WCAG_20_AA = '1.2.4 1.2.5 1.4.3 1.4.4 1.4.5 2.4.5 2.4.6 2.4.7 3.1.2 3.2.3 3.2.4 3.3.3 3.3.4';

const order = (id: string) => id.split('.').map(Number);
const byNumber = (a: string, b: string) => {
  const [x, y] = [order(a), order(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

describe('the accessibility checklist', () => {
  it('holds every WCAG 2.0 A and AA success criterion exactly once, at its level, in the standard order', () => {
    const expected = [
      ...WCAG_20_A.split(' ').map((id) => ({ id, level: 'A' })),
      ...WCAG_20_AA.split(' ').map((id) => ({ id, level: 'AA' })),
    ].sort((a, b) => byNumber(a.id, b.id));
    expect(expected).toHaveLength(38);
    expect(ACCESSIBILITY_CHECKLIST.map(({ id, level }) => ({ id, level }))).toEqual(expected);
  });

  it('gives each criterion a result, 非適用 exactly when it does not apply', () => {
    for (const c of ACCESSIBILITY_CHECKLIST) {
      expect(['conforms', 'doesNotConform', 'notApplicable'], c.id).toContain(c.result);
      expect(c.result === 'notApplicable', c.id).toBe(!c.applies);
    }
  });

  it('is 準拠 only when every criterion that applies up to the level conforms', () => {
    const conforming = ACCESSIBILITY_CHECKLIST.map(
      (c): CriterionCheck => (c.applies ? { ...c, result: 'conforms' } : c),
    );
    expect(conformanceOf(conforming)).toBe('full');
    const failing = (id: string, level: 'A' | 'AA'): CriterionCheck => ({
      id,
      level,
      applies: true,
      result: 'doesNotConform',
    });
    expect(conformanceOf([...conforming, failing('9.9.9', 'AA')])).toBe('partial');
    expect(conformanceOf([...conforming, failing('9.9.9', 'AA')], 'A')).toBe('full');
    expect(conformanceOf([...conforming, failing('9.9.9', 'A')], 'A')).toBe('partial');
  });

  it('says 準拠: every criterion that applies conforms, the sign-in limit within 2.2.1 (over 20 hours)', () => {
    expect(ACCESSIBILITY_CHECKLIST.filter((c) => c.result === 'doesNotConform')).toEqual([]);
    expect(conformanceOf(ACCESSIBILITY_CHECKLIST)).toBe('full');
    expect(SESSION_ABSOLUTE_LIFETIME_MS).toBeGreaterThan(20 * 60 * 60 * 1000);
  });

  it('names the day it was tested as a real date', () => {
    expect(ACCESSIBILITY_TESTED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(`${ACCESSIBILITY_TESTED_ON}T00:00:00+09:00`)).not.toBeNaN();
  });
});
