/**
 * The accessibility statement's facts (JIS X 8341-3:2016, which is WCAG 2.0): the standard and level aimed at, the
 * day the results were tested, and the success-criteria checklist, one row per criterion of levels A and AA. The
 * web app's accessibility page shows them; the criteria's names and notes are its texts (locales).
 */

export type ConformanceLevel = 'A' | 'AA';

/** A criterion's result: 適合, 不適合, or 非適用 (nothing in the app the criterion is about). */
export type CriterionResult = 'conforms' | 'doesNotConform' | 'notApplicable';

export interface CriterionCheck {
  /** The success criterion's number, 1.1.1 ... 4.1.2. */
  id: string;
  level: ConformanceLevel;
  /** 適用: the app has content the criterion is about; 非適用 otherwise (its result is then notApplicable). */
  applies: boolean;
  result: CriterionResult;
}

export const ACCESSIBILITY_STANDARD = 'JIS X 8341-3:2016';
export const ACCESSIBILITY_TARGET_LEVEL: ConformanceLevel = 'AA';
/** The day (Japan, YYYY-MM-DD) the checklist's results were tested: moved with the results, never alone. */
export const ACCESSIBILITY_TESTED_ON = '2026-11-29';

const applies = (id: string, level: ConformanceLevel): CriterionCheck => ({
  id,
  level,
  applies: true,
  result: 'conforms',
});
const notApplicable = (id: string, level: ConformanceLevel): CriterionCheck => ({
  id,
  level,
  applies: false,
  result: 'notApplicable',
});

/** Every WCAG 2.0 success criterion of levels A and AA (38), in the standard's order. */
export const ACCESSIBILITY_CHECKLIST: readonly CriterionCheck[] = [
  applies('1.1.1', 'A'),
  // The app offers no audio or video of its own (a user's attached video is an exception of the statement).
  notApplicable('1.2.1', 'A'),
  notApplicable('1.2.2', 'A'),
  notApplicable('1.2.3', 'A'),
  notApplicable('1.2.4', 'AA'),
  notApplicable('1.2.5', 'AA'),
  applies('1.3.1', 'A'),
  applies('1.3.2', 'A'),
  applies('1.3.3', 'A'),
  applies('1.4.1', 'A'),
  // No sound plays by itself.
  notApplicable('1.4.2', 'A'),
  applies('1.4.3', 'AA'),
  applies('1.4.4', 'AA'),
  // No images of text: the logo and every label are text.
  notApplicable('1.4.5', 'AA'),
  applies('2.1.1', 'A'),
  applies('2.1.2', 'A'),
  // An idle sign-in is warned of and can be extended; the sign-in's absolute limit (SESSION_ABSOLUTE_LIFETIME_MS)
  // is over 20 hours, the criterion's exception.
  applies('2.2.1', 'A'),
  applies('2.2.2', 'A'),
  applies('2.3.1', 'A'),
  applies('2.4.1', 'A'),
  applies('2.4.2', 'A'),
  applies('2.4.3', 'A'),
  applies('2.4.4', 'A'),
  applies('2.4.5', 'AA'),
  applies('2.4.6', 'AA'),
  applies('2.4.7', 'AA'),
  applies('3.1.1', 'A'),
  applies('3.1.2', 'AA'),
  applies('3.2.1', 'A'),
  applies('3.2.2', 'A'),
  applies('3.2.3', 'AA'),
  applies('3.2.4', 'AA'),
  applies('3.3.1', 'A'),
  applies('3.3.2', 'A'),
  applies('3.3.3', 'AA'),
  applies('3.3.4', 'AA'),
  applies('4.1.1', 'A'),
  applies('4.1.2', 'A'),
];

/**
 * The statement's 対応度 for the target level: 準拠 (full) when every criterion up to it that applies conforms,
 * 一部準拠 (partial) otherwise.
 */
export function conformanceOf(
  checklist: readonly CriterionCheck[],
  target: ConformanceLevel = ACCESSIBILITY_TARGET_LEVEL,
): 'full' | 'partial' {
  const inScope = checklist.filter((c) => target === 'AA' || c.level === 'A');
  return inScope.every((c) => !c.applies || c.result === 'conforms') ? 'full' : 'partial';
}
