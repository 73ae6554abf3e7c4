import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * JIS X 8341-3:2016 level AA is WCAG 2.0 A and AA: only those rules run (not WCAG 2.1/2.2 nor best practice).
 */
const TAGS = ['wcag2a', 'wcag2aa'];

/** What fails a check: the violations a user is really stopped by. */
const IMPACTS = new Set(['serious', 'critical']);

/**
 * Rules turned off, each with the case where it is demonstrably wrong. Keep it empty if at all possible.
 */
const DISABLED: { rule: string; reason: string }[] = [];

/** Lines per rule before the rest of its elements is only counted. */
const NODES_PER_RULE = 5;

/** Given as the source to a page that holds axe already: nothing is sent or run again. */
const LOADED = ';';

/**
 * The page's serious and critical violations of WCAG 2.0 A/AA, one line each:
 * `<rule id> (<impact>): <target selector> — <failure summary>`. `within` scopes the check to an open dialog or
 * drawer (a CSS selector; the dialog's portal lies outside the app's root).
 * Cost (measured, a master list): legacy mode runs axe in the page itself, where the default opens a blank page
 * per check to merge frames' results (the app has no frames): 1.4 s against 0.35 s; and axe is sent once per
 * page load, not per check, as the screens change inside one loaded app: 0.2 s a check.
 */
export async function axeViolations(page: Page, { within }: { within?: string } = {}): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // `options` replaces what was set before it: it comes first.
  let builder = new AxeBuilder({ page, axeSource: loaded ? LOADED : undefined })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .setLegacyMode(true);
  const off = DISABLED.map((d) => d.rule);
  if (off.length) builder = builder.disableRules(off);
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  const lines: string[] = [];
  for (const v of violations) {
    if (!v.impact || !IMPACTS.has(v.impact)) continue;
    for (const node of v.nodes.slice(0, NODES_PER_RULE))
      lines.push(`${v.id} (${v.impact}): ${node.target.join(' ')} — ${summary(node.failureSummary)}`);
    if (v.nodes.length > NODES_PER_RULE)
      lines.push(`${v.id} (${v.impact}): ${v.nodes.length - NODES_PER_RULE} more elements`);
  }
  return lines;
}

/** axe's failure summary without its "Fix any of the following:" headings, on one short line. */
function summary(text: string | undefined): string {
  const short = (text ?? '')
    .split('\n')
    .filter((l) => !/^Fix (any|all) of the following:/.test(l.trim()))
    .map((l) => l.trim())
    .filter(Boolean)
    .join('; ');
  return short.length > 200 ? `${short.slice(0, 199)}…` : short;
}
